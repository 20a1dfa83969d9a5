"""The Province search's step test for a space's first four neighbour slots at once.

``enterable4(row, f0, vis_lo, vis_hi, unused, show)``: bit a set (a = 0..3) when the packed
neighbour in slot a of the space (its ``K.prov`` row, ``PV_NBP + a``, the NBP_* fields) is
not marked in the bits vis_lo (spaces 0..63) / vis_hi (64..127) and costs at most f0
footprints: its footprint cost, one more when it forbids an element an effective die shows
(bit ``forbid`` of show), one more when it needs an element with no unused die (the 8-bit
count at ``8 * need`` of unused is 0).  That is `journeys.enterable` without a footprint
reserve, for every slot: the caller keeps the bits of the space's degree.

Compiled, the four slots are tested in the lanes of one vector (load, shifts, two compares,
the lanes' signs as the mask), with no branch and no loop over the degree, whose length the
processor cannot predict.  With numba off (NUMBA_DISABLE_JIT=1) it is the plain Python loop
`enterable4_py`, which tests/fast/test_stepmask.py checks the compiled version against.
Every shift amount is taken modulo 64, as a packed neighbour's fields allow (a space below
128, an element code below 8), so a slot past the degree (zeros) reads no undefined shift.
"""
from __future__ import annotations

from numba.core import config

from ..kernel.ktables import NBP_FCOST, NBP_FORBID, NBP_NEED, PV_NBP

SLOTS = 4


def enterable4_py(row, f0, vis_lo, vis_hi, unused, show):
    """The four slots' test, slot by slot (plain Python ints)."""
    mask = 0
    for a in range(SLOTS):
        q = int(row[PV_NBP + a])
        x = q & 255
        on = ((int(vis_lo) if x < 64 else int(vis_hi)) >> (x & 63)) & 1
        cost = (((q >> NBP_FCOST) & 255) + ((int(show) >> ((q >> NBP_FORBID) & 15)) & 1)
                + int((int(unused) >> ((8 * ((q >> NBP_NEED) & 15)) & 63)) & 255 == 0))
        mask |= int(on == 0 and cost <= f0) << a
    return mask


def _vector_enterable4():
    """The compiled version: a numba intrinsic writing the vector code (LLVM IR)."""
    from llvmlite import ir
    from numba.core import types
    from numba.extending import intrinsic

    i64 = ir.IntType(64)
    v4 = ir.VectorType(i64, SLOTS)

    @intrinsic
    def enterable4(typingctx, row, f0, vis_lo, vis_hi, unused, show):
        if not (isinstance(row, types.Array) and row.dtype == types.int64 and row.ndim == 1
                and row.layout == "C"):
            return None   # the slots are read from the row's data as one contiguous vector
        word = types.int64
        sig = word(row, word, word, word, word, word)

        def codegen(context, builder, signature, args):
            rowv, f0v, lo, hi, un, sh = args

            def const(c):
                return ir.Constant(v4, [ir.Constant(i64, c)] * SLOTS)

            def splat(x):
                v = builder.insert_element(ir.Constant(v4, ir.Undefined), x, ir.Constant(ir.IntType(32), 0))
                return builder.shuffle_vector(v, ir.Constant(v4, ir.Undefined),
                                              ir.Constant(ir.VectorType(ir.IntType(32), SLOTS), [0] * SLOTS))

            def field(q, shift, bits):
                return builder.and_(builder.lshr(q, const(shift)), const(bits))

            data = context.make_array(signature.args[0])(context, builder, rowv).data
            q = builder.load(builder.bitcast(builder.gep(data, [ir.Constant(i64, PV_NBP)]), v4.as_pointer()),
                             align=8)
            x = builder.and_(q, const(255))
            marks = builder.select(builder.icmp_unsigned("<", x, const(64)), splat(lo), splat(hi))
            on = builder.and_(builder.lshr(marks, builder.and_(x, const(63))), const(1))
            need8 = builder.and_(builder.shl(field(q, NBP_NEED, 15), const(3)), const(63))
            dice = builder.and_(builder.lshr(splat(un), need8), const(255))
            no_die = builder.zext(builder.icmp_unsigned("==", dice, const(0)), v4)
            forbid = builder.and_(builder.lshr(splat(sh), field(q, NBP_FORBID, 15)), const(1))
            cost = builder.add(builder.add(field(q, NBP_FCOST, 255), forbid), no_die)
            ok = builder.and_(builder.icmp_unsigned("==", on, const(0)),
                              builder.icmp_signed("<=", cost, splat(f0v)))
            return builder.zext(builder.bitcast(ok, ir.IntType(SLOTS)), i64)

        return sig, codegen

    return enterable4


enterable4 = enterable4_py if config.DISABLE_JIT else _vector_enterable4()
