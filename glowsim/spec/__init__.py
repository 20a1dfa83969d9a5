"""What the reference engine and the fast path share, below both (docs/DESIGN.md section 1).

- :mod:`.botparams`: the bots' parameter vectors: names, indices (``BP_*``), presets, ranges
  and their checks;
- :mod:`.decisions`: the decision kinds and their codes (contract.md section 3): ``KIND_NAMES``,
  the REROLL ops and sources, the move ops and pay modes, the LOSE choices;
- :mod:`.botmath`: the numeric tables both engines' bots read (Poisson survival, reach factor,
  face probabilities, board distances) and the integer power both compute them with.

Plain Python and numpy, no numba: the engine imports it as it is, and the fast path's kernels
read its integer constants as compile-time globals (these modules are part of the compiled
kernels' cache key, glowsim/fast/jit.py).
"""
