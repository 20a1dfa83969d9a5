"""The recruits table's `offered` column: the companions on the track at a pick, kept by
the kernels as a bit mask of companion rows (contract.md section 6), spelt here as ids.

Two forms: comma-joined text (:func:`offered_texts`, play_block's default) and an Arrow
list<string> array (:func:`offered_lists`, what the runner writes to Parquet).
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from .columns.maskindex import MaskIndex
from ..errors import UserError

OFFERED_AS = ("text", "lists")


def check_offered_as(offered_as: str) -> None:
    """A clear error for an `offered` form that is not one of OFFERED_AS."""
    if offered_as not in OFFERED_AS:
        raise UserError(f"offered_as: {offered_as!r} is not allowed; allowed: {', '.join(OFFERED_AS)}")


def mask_bits(masks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The set bits of each bit mask as one ragged array (offsets, bits): mask i's bit
    numbers, lowest first, are bits[offsets[i]:offsets[i + 1]] (both int64, offsets of
    length len(masks) + 1).  Vectorised: one pass per bit of the fullest mask, each taking
    the lowest bit left in every mask that still has one."""
    rest = np.array(masks, dtype=np.int64)   # a copy: cleared bit by bit
    counts = np.zeros(len(rest), np.int64)
    passes = []   # pass k: (the masks with a k-th lowest bit, its bit number)
    live = np.flatnonzero(rest)
    while len(live):
        v = rest[live]
        low = v & -v   # a power of two (bit 63: -2**63), exact as a float
        passes.append((live, np.frexp(low.astype(np.float64))[1].astype(np.int64) - 1))
        counts[live] += 1
        v ^= low
        rest[live] = v
        live = live[v != 0]
    offsets = np.zeros(len(rest) + 1, np.int64)
    np.cumsum(counts, out=offsets[1:])
    bits = np.empty(offsets[-1], np.int64)
    for k, (rows, bit) in enumerate(passes):
        bits[offsets[rows] + k] = bit
    return offsets, bits


def offered_lists(ids: Sequence[str], masks: np.ndarray):
    """The `offered` column as an Arrow list<string> array (the runner's Parquet type,
    contract.md section 6): for each bit mask of companion rows, their ids in row order
    (an empty list for 0)."""
    import pyarrow as pa
    offsets, bits = mask_bits(masks)
    names = pa.array(list(ids), pa.string()).take(pa.array(bits.astype(np.int32)))
    return pa.ListArray.from_arrays(pa.array(offsets.astype(np.int32)), names)


_OFFER_BITS = 12
_OFFER_TABLES: dict = {}


def _offer_tables(ids: tuple) -> list:
    """Per 12-bit chunk of a mask: the comma-joined ids of each of its 4096 values (null for
    0), as Arrow string arrays, cached per catalog."""
    import pyarrow as pa
    import pyarrow.compute as pc
    tabs = _OFFER_TABLES.get(ids)
    if tabs is None:
        tabs = []
        for k in range(0, len(ids), _OFFER_BITS):
            names = ids[k:k + _OFFER_BITS]
            text = pc.binary_join(offered_lists(names, np.arange(1 << len(names))), ",")
            tabs.append(pc.if_else(pc.equal(text, ""), pa.scalar(None, pa.string()), text))
        _OFFER_TABLES.clear()
        _OFFER_TABLES[ids] = tabs
    return tabs


def spell_masks(ids: tuple, masks: np.ndarray) -> np.ndarray:
    """The comma-joined ids of each of the given distinct masks, as an object array of str
    ("" for 0).  Vectorised with Arrow: each 12-bit chunk of the masks indexes a table of
    joined ids, then the chunks' texts are joined."""
    import pyarrow as pa
    import pyarrow.compute as pc
    texts = np.full(len(masks), "", dtype=object)
    nz = np.flatnonzero(masks)
    if len(nz):
        m = masks[nz]
        parts = [t.take(pa.array(((m >> (_OFFER_BITS * k)) & ((1 << _OFFER_BITS) - 1)).astype(np.int32)))
                 for k, t in enumerate(_offer_tables(ids))]
        # every row has a non-null part (its mask is not 0): skipping nulls keeps every row
        joined = pc.binary_join_element_wise(*parts, ",", null_handling="skip")
        if len(joined) != len(nz) or joined.null_count:
            raise RuntimeError("offered_texts: Arrow lost rows while joining the offered ids")
        texts[nz] = joined.to_numpy(zero_copy_only=False)
    return texts


SPELT_CAP = 1 << 19   # masks kept spelt (one catalog; about 90 bytes each)


class _Spelt:
    """The masks spelt so far for one catalog: a hash index of the masks (:class:`MaskIndex`)
    and their texts in the same order.  Immutable: a call that meets new masks makes a new
    one and swaps it in, so threads building tables at once each read a whole one (at worst
    two spell the same new masks)."""

    def __init__(self, ids: tuple, index: MaskIndex, texts: np.ndarray):
        self.ids, self.index, self.texts = ids, index, texts

    @classmethod
    def empty(cls, ids: tuple) -> "_Spelt":
        return cls(ids, MaskIndex(), np.zeros(0, object))

    def extended(self, masks: np.ndarray) -> "_Spelt":
        """This one with the given distinct new masks spelt."""
        return _Spelt(self.ids, self.index.extended(masks),
                      np.concatenate([self.texts, spell_masks(self.ids, masks)]))


_SPELT = None   # the catalog's _Spelt (one catalog at a time)


def offered_texts(ids: Sequence[str], masks: np.ndarray) -> np.ndarray:
    """The `offered` column of :func:`play_block`: for each bit mask of companion rows, their
    ids in row order, comma-separated ("" for 0), as an object array of str.  Each mask is
    spelt once per process (:func:`spell_masks`), its str then shared by every row that shows
    it: a 4-player catalog offers under 100,000 distinct masks, so after the first blocks of a
    run every row is a hash lookup."""
    global _SPELT
    ids = tuple(ids)
    masks = np.asarray(masks, np.int64)
    spelt = _SPELT
    if spelt is None or spelt.ids != ids:
        spelt = _Spelt.empty(ids)
    at = spelt.index.get_indexer(masks)
    miss = np.flatnonzero(at < 0)
    if len(miss):
        import pandas as pd
        new = pd.unique(masks[miss])
        if len(spelt.texts) + len(new) > SPELT_CAP:   # start afresh with this call's masks
            spelt = _Spelt.empty(ids)
            new = pd.unique(masks)
            miss = np.arange(len(masks))
        spelt = spelt.extended(new)
        _SPELT = spelt
        at[miss] = spelt.index.get_indexer(masks[miss])
    return spelt.texts[at]
