"""The compiled entry Python calls: one core for the games (solo games too), the forks and the
search bot (:mod:`.core`).

numba makes one machine-code library per function Python calls, holding every kernel that
function calls; one entry for all of them compiles, optimises and caches the game once.  Above
every other compiled subpackage (it calls the game loop and the forks).
"""
