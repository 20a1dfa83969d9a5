"""The fast path's kernel: what every compiled part of a game reads and writes.

- :mod:`.state`: the arrays of one game (``State``) and their named fields;
- :mod:`.ktables`: the content packed into kernel tables (``KT``), with their named columns;
- :mod:`.offsets`: the named columns' offsets, declared as (name, width) lists;
- :mod:`.streams`: the counter-based random streams of glowsim/seeding.py, compiled;
- :mod:`.journal`: the record of a game (faces drawn, decision rows);
- :mod:`.dice`, :mod:`.effects`, :mod:`.triggers`: dice, the effects of cards and spaces,
  trigger counts;
- :mod:`.legal`: the legal options of every decision, in the reference engine's order;
- :mod:`.forkcontrol`: what a decision does in a fork (glowsim/fast/forks) besides its bot's
  choice;
- :mod:`.bits`: bit helpers.

Below everything else of the fast path: it imports none of its other subpackages (the
import-linter contract ``fast-layers`` in pyproject.toml).
"""
