"""Games played again from kept rounds, compiled: forked continuations and the search bot.

- :mod:`.play`: the forks (docs/forks.md): a game played once, the sampled decisions and their
  legal rows captured, then each row forced and the game played on to its end;
- :mod:`.searchplay`: the game loop of the search bot (preset ``rollout``): a searched
  decision's rows evaluated by continuations played as forks, the best one kept;
- :mod:`.capture`: games played with the feature capture on, the learned policy's training
  data (the same sampled decisions as the forks).

Above the game loop (glowsim/fast/game), which they call; what a decision does in a fork is in
glowsim/fast/kernel/forkcontrol.py, in a search in glowsim/fast/bots/search.py.
"""
