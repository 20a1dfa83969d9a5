"""Kernel pieces against the slow versions of naive.py: trigger counts (R5), the curse and
effective dice (R5, E5), score-track rerolls (R4, E6), k of the Archipelago (R6)."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numba import njit

from glowsim.content import codes as C
from glowsim.fast.play import ktables
from glowsim.fast.kernel.dice import effective_counts
from glowsim.fast.game.loop import alloc_state
from glowsim.fast.kernel.legal import archi_k, track_steps
from glowsim.fast.kernel.state import (MAXP, NMT, P_ADV, P_LAPPED, P_ND, P_SCORE, PD_COL, PD_FACE,
                                PD_FL, DF_GONE)
from glowsim.fast.kernel.triggers import applied_count, trigger_count

from . import naive

pytestmark = pytest.mark.nojit_ci   # also run with numba off in CI (make test)


@njit
def _trigger(K, row, counts):
    return trigger_count(K, row, counts), applied_count(K, row, counts)


@njit
def _effective(K, S, p, counts):
    effective_counts(K, S, p, counts)
    return archi_k(K, S, p)


@njit
def _steps(K, S, p):
    return track_steps(K, S, p)


def _state():
    return alloc_state(64, 48, 1, 1, np.zeros(NMT, np.int64), np.zeros((MAXP, 14)))


def _item_triggers(game):
    c = game.content
    cat = game.catalog
    out = []
    for r in range(cat.n_companions):
        out.append((r, c.companions[cat.companion_ids[r]].trigger))
    for a in cat.adventurer_ids:
        out.append((cat.adventurer_row(a), c.adventurers[a].trigger))
    for s in cat.spell_ids:
        out.append((cat.spell_row(s), c.spells[s].trigger))
    return out


symbols = st.lists(st.sampled_from(C.SYMBOLS), min_size=0, max_size=14)


@settings(max_examples=150, deadline=None)
@given(shown=symbols)
def test_R5_trigger_counts_match_brute_force(game, shown):
    K = ktables(game)
    counts = np.zeros(8, np.int64)
    for s in shown:
        counts[C.SYMBOL_CODE[s]] += 1
    for row, trig in _item_triggers(game):
        want = naive.trigger_count(trig, shown)
        n, applied = _trigger(K, row, counts)
        assert n == want, (game.catalog.item_id(row), shown)
        capped = game.tables.eff_flags[row] & C.FLAG_DISCARD_SELF or game.tables.item_kind[row] == 2
        assert applied == (min(want, 1) if capped else want)


faces = st.lists(st.tuples(st.integers(0, 6), st.integers(0, 5), st.booleans()), min_size=1, max_size=12)


@settings(max_examples=150, deadline=None)
@given(dice=faces, black_face=st.one_of(st.none(), st.integers(0, 5)))
def test_R5_E5_curse_and_gone_dice(game, dice, black_face):
    """Effective symbols: gone Sketal dice never count; the black die's holder ignores its symbol."""
    K = ktables(game)
    t = game.tables
    S = _state()
    S.pl[0, P_ADV] = game.catalog.adventurer_row("pocana")
    listed = list(dice) + ([(C.BLACK, black_face, False)] if black_face is not None else [])
    S.pl[0, P_ND] = len(listed)
    shown = []
    for j, (col, face, gone) in enumerate(listed):
        S.pd[0, PD_COL, j] = col
        S.pd[0, PD_FACE, j] = face
        S.pd[0, PD_FL, j] = DF_GONE if gone else 0
        if not gone:
            shown.append((C.COLORS[col], C.SYMBOLS[t.die_symbol[col, face]]))
    counts = np.zeros(8, np.int64)
    k = _effective(K, S, 0, counts)
    eff = naive.effective_symbols(shown)
    assert [int(counts[C.SYMBOL_CODE[s]]) for s in C.SYMBOLS] == [eff.count(s) for s in C.SYMBOLS]
    assert k == naive.archi_k(eff)


@settings(deadline=None)
@given(score=st.integers(0, 140), lapped=st.booleans())
def test_R4_E6_track_rerolls(game, score, lapped):
    K = ktables(game)
    S = _state()
    S.pl[0, P_SCORE] = score
    S.pl[0, P_LAPPED] = int(lapped or score >= 100)
    want = naive.track_steps(score, list(game.content.score_track_rerolls), lapped or score >= 100)
    assert _steps(K, S, 0) == len(want)


def test_R5_trigger_quotients_are_integer_division(game):
    """trigger_count reads c // n from K.quot (ktables.quotient_table): every divisor a trigger
    of the content uses (a symbol's need, the n of `same: n`) has its row, and the counts
    cover a whole dice list plus the bot's two what-if dice."""
    from glowsim.fast.kernel.ktables import IT_NEED, IT_TSAME, QC
    from glowsim.fast.kernel.state import MAXD
    K = ktables(game)
    divisors = set(K.item[:, IT_TSAME]) | set(K.item[:, IT_NEED:IT_NEED + 8].ravel())
    assert max(divisors) < K.quot.shape[0] and QC > MAXD + 2
    for n in range(1, K.quot.shape[0]):
        assert list(K.quot[n]) == [c // n for c in range(QC)]
