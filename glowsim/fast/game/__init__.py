"""One game, compiled: its phases and the game loop.

- :mod:`.morning`: the recruit (R3) and, in solo, Tom's tile;
- :mod:`.rerolls`: the late morning's rerolls (R4);
- :mod:`.noon`: resolving dice and cards (R5, E3);
- :mod:`.journey`: the afternoon's move on either board (R6, E7, E8);
- :mod:`.loop`: setup, the rounds, the evening, the final count, and the block loop over games
  (``play_range``).

The phases ask the bots (glowsim/fast/bots) at every decision; the forks and the search bot
(glowsim/fast/forks) play this loop again from kept rounds.
"""
