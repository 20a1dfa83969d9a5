"""Solo mode against Tom (R9, E14-E17) in the fast path.

The player's rounds use the shared phase kernels (late morning, noon, afternoon; the game
loop in glowsim/fast/game/loop.py checks for solo once per round); these modules add Tom:

- :mod:`.layout`: his fields in the board array ``S.bd`` and his result fields (the solo
  table in ``K.setup`` is laid out with the kernel tables, glowsim/fast/kernel/ktables.py);
- :mod:`.dice`: his two large dice on the meeting track;
- :mod:`.decks`: decks A and B kept apart, the deal to the spaces without his dice;
- :mod:`.tom`: his tiles and band (taken in the shared morning, fast/game/morning.py), village
  ladder, boats (TOM_BOAT), final count;
- :mod:`.rounds`: the solo setup (E13, E15, E16), Tom's spaces after the recruit, evening.

glowsim/fast/solo_record.py writes the solo game record.  The reference engine
(glowsim/engine/solo.py) is the specification: same streams, same draw order.
"""
