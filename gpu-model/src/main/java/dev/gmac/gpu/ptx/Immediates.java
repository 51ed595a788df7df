package dev.gmac.gpu.ptx;

/**
 * The raw register bits of a literal used with a given type (PTX ISA §4.5.1, constants): integers as two's
 * complement, {@code 0f}/{@code 0d} literals bit for bit, decimal floating-point literals (double precision)
 * rounded to the type. Used for instruction immediates and for variable initialisers.
 */
final class Immediates {
    private Immediates() {}

    /** Raw register bits of literal {@code o} used with type {@code t}. */
    static long bits(PtxAst.Operand o, PtxType t, int line, int col) {
        if (o instanceof PtxAst.IntLit) {
            long v = ((PtxAst.IntLit) o).value();
            if (t == PtxType.F32) {
                return Float.floatToRawIntBits((float) v) & 0xFFFFFFFFL;
            }
            if (t == PtxType.F64) {
                return Double.doubleToRawLongBits((double) v);
            }
            return v;
        }
        if (o instanceof PtxAst.FloatLit) {
            PtxAst.FloatLit f = (PtxAst.FloatLit) o;
            if (t == PtxType.F64) {
                return f.isDouble() ? f.bits() : Double.doubleToRawLongBits(Float.intBitsToFloat((int) f.bits()));
            }
            if (t == PtxType.F16) {
                float x =
                        f.isDouble() ? (float) Double.longBitsToDouble(f.bits()) : Float.intBitsToFloat((int) f.bits());
                return Half.fromFloat(x, Op.RND_RN);
            }
            if (f.isDouble()) {
                double dv = Double.longBitsToDouble(f.bits());
                return t == PtxType.F32 ? Float.floatToRawIntBits((float) dv) & 0xFFFFFFFFL : (long) dv;
            }
            return f.bits();
        }
        throw new PtxSyntaxException(line, col, "expected a number");
    }
}
