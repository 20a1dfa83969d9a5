"""The kernels' column offsets are declared as (name, width) lists (glowsim/fast/kernel/offsets.py):
each name a plain int, the fields one after the other, checked at import; the declared layouts
are the arrays the kernel tables are built with."""
from __future__ import annotations

import pytest

from glowsim.fast.bots import search
from glowsim.fast.kernel import forkcontrol as F
from glowsim.fast.kernel import ktables as K
from glowsim.fast.kernel.offsets import _DECLARED, declare
from glowsim.fast.play import ktables

pytestmark = pytest.mark.nojit_ci   # also run with numba off in CI (make test)


def test_fields_follow_one_another_as_plain_ints():
    ns = {"__name__": "planted.a"}
    end = declare(ns, "planted a", [("A", 1), ("B", 4), (None, 2), ("C", 3)], start=10)
    assert (ns["A"], ns["B"], ns["C"], end) == (10, 11, 17, 20)
    assert all(type(ns[k]) is int for k in "ABC")


@pytest.mark.parametrize("fields, size, why", [
    ([("A", 1), ("B", 0)], None, "width 0"),
    ([("A", 1), ("B", True)], None, "width True"),
    ([("A", 2), ("A", 1)], None, "declared twice"),
    ([("A", 2), ("B", 2)], 5, "the fields end at 4, the room ends at 5"),
    ([("A", 2), ("B", 2), (None, 2)], 5, "the fields end at 6, the room ends at 5"),
])
def test_a_bad_declaration_is_refused_naming_the_array(fields, size, why):
    with pytest.raises(ValueError, match=f"planted b: .*{why}"):
        declare({"__name__": "planted.b"}, "planted b", fields, size=size)


def test_a_piece_fits_in_free_room_and_never_over_another_field():
    a = {"__name__": "planted.c"}
    declare(a, "planted c", [("X", 2), (None, 2), ("Y", 3)])
    b = {"__name__": "planted.d"}
    assert declare(b, "planted c", [("Z", 2)], start=2) == 4   # the free room
    with pytest.raises(ValueError, match=r"planted c: field W \(3\.\.4\) overlaps Y \(4\.\.6, planted.c\)"):
        declare({"__name__": "planted.e"}, "planted c", [("W", 2)], start=3)
    with pytest.raises(ValueError, match="overlaps X"):
        declare({"__name__": "planted.e"}, "planted c", [("X", 1)], start=30)   # X again


def test_a_name_the_module_already_holds_is_refused_and_a_module_imported_again_is_not():
    with pytest.raises(ValueError, match="IT_KIND is already defined in planted.f"):
        declare({"__name__": "planted.f", "IT_KIND": 3}, "planted f", [("IT_KIND", 1)])
    again = {"__name__": "planted.g"}
    for _ in range(2):   # the same module body run twice (imported again): the same layout
        declare(again, "planted g", [("P", 1), ("Q", 2)])
    assert (again["P"], again["Q"]) == (0, 1)


def test_the_kernel_tables_have_the_declared_widths(game):
    kt = ktables(game)
    assert kt.item.shape[1] == K.NIT and kt.setup.shape == (K.NSET,)
    assert kt.prov.shape[1] == K.NPV and kt.pedge.shape[1] == K.NPE
    assert kt.arch.shape[1] == K.NAV and kt.aedge.shape[1] == K.NAE
    assert K.SET_SOLO + K.NSOLO == K.NSET and K.ST_REMOVED + K.MAXCOMP == K.NSET
    assert kt.setup[K.ST_NTILES] == len(game.tables.tile_band)   # the solo table at its place
    assert list(kt.setup[K.SET_SMALL:K.SET_SMALL + kt.setup[K.SET_NSMALL]]) == list(game.tables.small_dice)


def test_every_declared_layout_is_disjoint_and_the_search_field_sits_in_the_fork_controls_room():
    for array, spans in _DECLARED.items():
        if array.startswith("planted"):
            continue
        spans = sorted((a, b, name) for _, name, a, b in spans)
        for (a1, b1, n1), (a2, b2, n2) in zip(spans, spans[1:]):
            assert b1 <= a2, f"{array}: {n1} and {n2} overlap"
    assert F.FC_HIT < search.FC_PEND < F.FC_ROW and F.FC_ROW + 6 <= F.NFC
    assert K.NBP_VB + 8 <= K.NBP_BITS < 64
