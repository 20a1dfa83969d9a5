"""The fast path's bots, compiled: every choice at a decision.

- :mod:`.policy`: one function per decision kind: the seat's bot (random, greedy or
  heuristic, by its parameter vector: glowsim/spec/botparams.py) chooses, then the fork
  control or the search bot's control sees the choice;
- :mod:`.greedy`: the greedy one-step rules; :mod:`.heuristic`: the planning bot, with its
  valuations (:mod:`.values`) and journey search (:mod:`.journeys`, :mod:`.stepmask`);
- :mod:`.search`: the search bot (preset ``rollout``) at its decisions: which it searches,
  the row it takes, the hidden information redrawn in a continuation (its game loop is
  glowsim/fast/forks/searchplay.py).
"""
