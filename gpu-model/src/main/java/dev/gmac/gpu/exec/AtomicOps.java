package dev.gmac.gpu.exec;

import dev.gmac.gpu.ptx.Insn;
import dev.gmac.gpu.ptx.Op;
import dev.gmac.gpu.ptx.PtxType;

/**
 * The read-modify-write functions of {@code atom} and {@code red} (PTX ISA §9.7.13.5): given the old memory
 * value and the operands, the new value. {@code atom.add.f32} rounds to nearest even and flushes subnormal
 * inputs and results to zero, as the ISA specifies; {@code inc} and {@code dec} wrap at the operand.
 */
public final class AtomicOps {
    private AtomicOps() {}

    /** The new value (raw bits of the access width) for old value {@code old} (zero-extended raw bits). */
    public static long apply(Insn in, long old, long b, long c) {
        PtxType t = in.type;
        boolean w64 = t.bits() == 64;
        switch (in.sub) {
            case Op.A_ADD:
                if (t == PtxType.F32) {
                    float x = FloatOps.ftz(Float.intBitsToFloat((int) old));
                    float y = FloatOps.ftz(Float.intBitsToFloat((int) b));
                    return FloatOps.bits(FloatOps.ftz(x + y)) & 0xFFFFFFFFL;
                }
                if (t == PtxType.F64) {
                    return Double.doubleToRawLongBits(Double.longBitsToDouble(old) + Double.longBitsToDouble(b));
                }
                return old + b;
            case Op.A_INC: {
                long o = old & 0xFFFFFFFFL;
                long bb = b & 0xFFFFFFFFL;
                return o >= bb ? 0 : o + 1;
            }
            case Op.A_DEC: {
                long o = old & 0xFFFFFFFFL;
                long bb = b & 0xFFFFFFFFL;
                return (o == 0 || o > bb) ? bb : o - 1;
            }
            case Op.A_CAS:
                return (w64 ? old == b : (int) old == (int) b) ? c : old;
            case Op.A_EXCH:
                return b;
            case Op.A_MIN:
            case Op.A_MAX: {
                long x = IntegerOps.ext(in, old);
                long y = IntegerOps.ext(in, b);
                boolean xLess = (w64 && !t.isSigned()) ? Long.compareUnsigned(x, y) < 0 : x < y;
                return (in.sub == Op.A_MIN) == xLess ? x : y;
            }
            case Op.A_AND:
                return old & b;
            case Op.A_OR:
                return old | b;
            case Op.A_XOR:
                return old ^ b;
            default:
                throw new IllegalStateException("unknown atomic " + in.sub);
        }
    }
}
