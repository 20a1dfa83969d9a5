"""Solo mode against Tom (R9, E14-E17) in the fast path.

The player's rounds use the shared phase kernels (late morning, noon, afternoon);
these modules add Tom: :mod:`.layout` (his fields in the board array, the solo
tables), :mod:`.setup` (E15 colours, E16 decks and tiles, the deal), :mod:`.tom`
(his dice, tiles, village ladder and boats, the morning and evening of a solo
round, his final count) and :mod:`.record` (the solo game record).  The reference
engine (glowsim/engine/solo.py) is the specification: same streams, same draw order.
"""
