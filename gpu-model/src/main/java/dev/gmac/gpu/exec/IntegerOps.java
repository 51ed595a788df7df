package dev.gmac.gpu.exec;

import dev.gmac.gpu.ptx.Insn;
import dev.gmac.gpu.ptx.Op;
import dev.gmac.gpu.ptx.PtxType;

/**
 * Bit-exact semantics of the PTX integer instructions that are not on the interpreter's hot path (PTX ISA
 * §9.7.1 integer arithmetic, §9.7.2 extended precision, §9.7.3 logic and shift, §9.7.4 bit manipulation):
 * one lane at a time, on raw 64-bit register contents whose bits above the instruction type's width are
 * ignored.
 */
final class IntegerOps {
    private IntegerOps() {}

    /** Sign- or zero-extends {@code raw} from the type of {@code in}. */
    static long ext(Insn in, long raw) {
        int sh = in.sh;
        return in.signed ? (raw << sh) >> sh : (raw << sh) >>> sh;
    }

    static long ext(PtxType t, long raw) {
        int sh = 64 - t.bits();
        return t.isSigned() ? (raw << sh) >> sh : (raw << sh) >>> sh;
    }

    /** The high 64 bits of the unsigned 128-bit product (Java 17 has no Math.unsignedMultiplyHigh). */
    static long unsignedMultiplyHigh(long a, long b) {
        return Math.multiplyHigh(a, b) + ((a >> 63) & b) + ((b >> 63) & a);
    }

    private static long mulHi(long a, long b, int bits, boolean signed) {
        if (bits == 64) {
            return signed ? Math.multiplyHigh(a, b) : unsignedMultiplyHigh(a, b);
        }
        long p = a * b; // exact in 64 bits for signed; mod 2^64 (still exact as unsigned) for unsigned 32-bit
        return signed ? p >> bits : p >>> bits;
    }

    private static long sat32(long v) {
        return Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, v));
    }

    /** Executes one lane of an {@link Op#IALU} instruction on raw sources; returns the raw result. */
    static long ialu(Insn in, long ra, long rb, long rc, long re) {
        int bits = 64 - in.sh;
        boolean s = in.signed;
        switch (in.sub) {
            case Op.I_ADD:
                return ext(in, ra) + ext(in, rb);
            case Op.I_SUB:
                return ext(in, ra) - ext(in, rb);
            case Op.I_MUL_LO:
            case Op.I_MUL_WIDE:
                return ext(in, ra) * ext(in, rb);
            case Op.I_MUL_HI:
                return mulHi(ext(in, ra), ext(in, rb), bits, s);
            case Op.I_MAD_LO:
                return ext(in, ra) * ext(in, rb) + rc;
            case Op.I_MAD_WIDE: {
                int csh = 64 - 2 * bits;
                long c = s ? (rc << csh) >> csh : (rc << csh) >>> csh;
                return ext(in, ra) * ext(in, rb) + c;
            }
            case Op.I_MAD_HI:
                return mulHi(ext(in, ra), ext(in, rb), bits, s) + rc;
            case Op.I_MAD_HI_SAT:
                return sat32(mulHi(ext(in, ra), ext(in, rb), 32, true) + (int) rc);
            case Op.I_MUL24_LO:
            case Op.I_MAD24_LO: {
                long p = ext24(ra, s) * ext24(rb, s);
                return in.sub == Op.I_MAD24_LO ? p + rc : p;
            }
            case Op.I_MUL24_HI:
            case Op.I_MAD24_HI: {
                long p = ext24(ra, s) * ext24(rb, s);
                long h = s ? p >> 16 : p >>> 16;
                return in.sub == Op.I_MAD24_HI ? h + rc : h;
            }
            case Op.I_DIV: {
                long a = ext(in, ra);
                long b = ext(in, rb);
                if (b == 0) {
                    return -1L; // undefined in PTX; all ones, as NVIDIA hardware returns for unsigned division
                }
                return bits == 64 && !s ? Long.divideUnsigned(a, b) : a / b;
            }
            case Op.I_REM: {
                long a = ext(in, ra);
                long b = ext(in, rb);
                if (b == 0) {
                    return a; // undefined in PTX
                }
                return bits == 64 && !s ? Long.remainderUnsigned(a, b) : a % b;
            }
            case Op.I_ABS: {
                long a = ext(in, ra);
                return a < 0 ? -a : a;
            }
            case Op.I_NEG:
                return -ext(in, ra);
            case Op.I_MIN:
            case Op.I_MAX: {
                long a = ext(in, ra);
                long b = ext(in, rb);
                boolean aLess = (bits == 64 && !s) ? Long.compareUnsigned(a, b) < 0 : a < b;
                return (in.sub == Op.I_MIN) == aLess ? a : b;
            }
            case Op.I_AND:
                return ra & rb;
            case Op.I_OR:
                return ra | rb;
            case Op.I_XOR:
                return ra ^ rb;
            case Op.I_NOT:
                return ~ra;
            case Op.I_CNOT:
                return ext(in, ra) == 0 ? 1 : 0;
            case Op.I_SHL: {
                long n = rb & 0xFFFFFFFFL;
                return n >= bits ? 0 : ra << n;
            }
            case Op.I_SHR: {
                long n = rb & 0xFFFFFFFFL;
                long a = ext(in, ra);
                if (s) {
                    return a >> Math.min(n, 63);
                }
                return n >= bits ? 0 : a >>> n;
            }
            case Op.I_POPC:
                return Long.bitCount(zext(ra, bits));
            case Op.I_CLZ:
                return bits == 64
                        ? Long.numberOfLeadingZeros(ra)
                        : Long.numberOfLeadingZeros(zext(ra, bits)) - (64 - bits);
            case Op.I_BREV:
                return Long.reverse(zext(ra, bits)) >>> (64 - bits);
            case Op.I_BFIND:
            case Op.I_BFIND_SHIFTAMT: {
                long a = ext(in, ra);
                long v = (s && a < 0) ? ~a : a;
                v = zext(v, bits);
                if (v == 0) {
                    return 0xFFFFFFFFL;
                }
                int msb = 63 - Long.numberOfLeadingZeros(v);
                return in.sub == Op.I_BFIND_SHIFTAMT ? (bits - 1 - msb) : msb;
            }
            case Op.I_BFE: {
                int pos = (int) (rb & 0xFF);
                int len = (int) (rc & 0xFF);
                long a = zext(ra, bits);
                int msb = bits - 1;
                long sbit;
                if (!s || len == 0) {
                    sbit = 0;
                } else {
                    sbit = (a >>> Math.min(pos + len - 1, msb)) & 1;
                }
                long d = 0;
                for (int i = 0; i <= msb; i++) {
                    long bit = (i < len && pos + i <= msb) ? (a >>> (pos + i)) & 1 : sbit;
                    d |= bit << i;
                }
                return d;
            }
            case Op.I_BFI: {
                int pos = (int) (rc & 0xFF);
                int len = (int) (re & 0xFF);
                long d = zext(rb, bits);
                for (int i = 0; i < len && pos + i < bits; i++) {
                    long bit = (ra >>> i) & 1;
                    d = (d & ~(1L << (pos + i))) | (bit << (pos + i));
                }
                return d;
            }
            case Op.I_PRMT:
                return prmt((int) ra, (int) rb, (int) rc, in.sub2) & 0xFFFFFFFFL;
            case Op.I_SHF_L:
            case Op.I_SHF_R: {
                long n = rc & 0xFFFFFFFFL;
                int sh = in.sub2 == 1 ? (int) Math.min(n, 32) : (int) (n & 31);
                long v = (rb << 32) | (ra & 0xFFFFFFFFL);
                return in.sub == Op.I_SHF_L ? (v << sh) >>> 32 : (v >>> sh) & 0xFFFFFFFFL;
            }
            case Op.I_LOP3:
                return lop3(ra, rb, rc, (int) in.imm);
            case Op.I_SAD: {
                long a = ext(in, ra);
                long b = ext(in, rb);
                long diff = (bits == 64 && !s) ? (Long.compareUnsigned(a, b) < 0 ? b - a : a - b) : Math.abs(a - b);
                return rc + diff;
            }
            case Op.I_ADD_SAT:
                return sat32((long) (int) ra + (int) rb);
            case Op.I_SUB_SAT:
                return sat32((long) (int) ra - (int) rb);
            case Op.I_DP4A: {
                boolean as = in.type.isSigned();
                boolean bs = in.type2.isSigned();
                long acc = rc;
                for (int k = 0; k < 4; k++) {
                    long x = as ? (byte) (ra >>> (8 * k)) : (ra >>> (8 * k)) & 0xFF;
                    long y = bs ? (byte) (rb >>> (8 * k)) : (rb >>> (8 * k)) & 0xFF;
                    acc += x * y;
                }
                return acc;
            }
            case Op.I_DP2A_LO:
            case Op.I_DP2A_HI: {
                boolean as = in.type.isSigned();
                boolean bs = in.type2.isSigned();
                int base = in.sub == Op.I_DP2A_HI ? 2 : 0;
                long acc = rc;
                for (int k = 0; k < 2; k++) {
                    long x = as ? (short) (ra >>> (16 * k)) : (ra >>> (16 * k)) & 0xFFFF;
                    long y = bs ? (byte) (rb >>> (8 * (base + k))) : (rb >>> (8 * (base + k))) & 0xFF;
                    acc += x * y;
                }
                return acc;
            }
            case Op.I_BMSK: {
                long pos = ra & 0xFFFFFFFFL;
                long len = rb & 0xFFFFFFFFL;
                if (in.sub2 == 1) {
                    pos = Math.min(pos, 32);
                    len = Math.min(len, 32);
                } else {
                    pos &= 31;
                    len &= 31;
                }
                long m = (len >= 32 ? 0xFFFFFFFFL : ((1L << len) - 1)) << pos;
                return m & 0xFFFFFFFFL;
            }
            case Op.I_SZEXT: {
                long n = rb & 0xFFFFFFFFL;
                n = in.sub2 == 1 ? Math.min(n, 32) : n & 31;
                if (n == 0) {
                    return 0;
                }
                int sh = 64 - (int) n;
                return s ? (ra << sh) >> sh : (ra << sh) >>> sh;
            }
            case Op.I_MOV:
                return ra;
            default:
                throw new IllegalStateException("unknown integer sub-operation " + in.sub + " of " + in.text);
        }
    }

    private static long ext24(long raw, boolean signed) {
        return signed ? (raw << 40) >> 40 : raw & 0xFFFFFFL;
    }

    private static long zext(long v, int bits) {
        return bits == 64 ? v : v & ((1L << bits) - 1);
    }

    /** {@code lop3}: bit i of the result is bit {@code (a_i<<2 | b_i<<1 | c_i)} of the lookup table. */
    static long lop3(long a, long b, long c, int lut) {
        long r = 0;
        for (int k = 0; k < 8; k++) {
            if (((lut >>> k) & 1) != 0) {
                r |= ((k & 4) != 0 ? a : ~a) & ((k & 2) != 0 ? b : ~b) & ((k & 1) != 0 ? c : ~c);
            }
        }
        return r;
    }

    /** {@code prmt.b32} with mode 0 (generic) or 1..6 (.f4e .b4e .rc8 .ecl .ecr .rc16). */
    static int prmt(int a, int b, int c, int mode) {
        long tmp = ((b & 0xFFFFFFFFL) << 32) | (a & 0xFFFFFFFFL); // bytes b3 b2 b1 b0 a3 a2 a1 a0 -> index 7..0
        int r = 0;
        if (mode == 0) {
            for (int k = 0; k < 4; k++) {
                int sel = (c >>> (4 * k)) & 0xF;
                int idx = sel & 7;
                int byteVal = (int) ((tmp >>> (8 * idx)) & 0xFF);
                if ((sel & 8) != 0) {
                    byteVal = (byteVal & 0x80) != 0 ? 0xFF : 0; // replicate the sign bit
                }
                r |= byteVal << (8 * k);
            }
            return r;
        }
        int sel = c & 3;
        int[] idx = new int[4];
        switch (mode) {
            case 1: // f4e forward 4 extract
                for (int k = 0; k < 4; k++) {
                    idx[k] = (sel + k) & 7;
                }
                break;
            case 2: // b4e backward 4 extract
                for (int k = 0; k < 4; k++) {
                    idx[k] = (sel - k + 8) & 7;
                }
                break;
            case 3: // rc8 replicate 8
                for (int k = 0; k < 4; k++) {
                    idx[k] = sel;
                }
                break;
            case 4: { // ecl edge clamp left
                int[][] t = {{0, 1, 2, 3}, {1, 1, 2, 3}, {2, 2, 2, 3}, {3, 3, 3, 3}};
                idx = t[sel];
                break;
            }
            case 5: { // ecr edge clamp right
                int[][] t = {{0, 0, 0, 0}, {0, 1, 1, 1}, {0, 1, 2, 2}, {0, 1, 2, 3}};
                idx = t[sel];
                break;
            }
            default: { // rc16 replicate 16
                int[][] t = {{0, 1, 0, 1}, {2, 3, 2, 3}, {0, 1, 0, 1}, {2, 3, 2, 3}};
                idx = t[sel];
            }
        }
        for (int k = 0; k < 4; k++) {
            r |= (int) ((tmp >>> (8 * idx[k])) & 0xFF) << (8 * k);
        }
        return r;
    }

    /** Integer comparison for setp/set. */
    static boolean compare(int cmp, long a, long b, boolean signed, int bits) {
        switch (cmp) {
            case Op.CMP_EQ:
                return a == b;
            case Op.CMP_NE:
                return a != b;
            default:
        }
        int c = (signed || bits < 64) ? Long.compare(a, b) : Long.compareUnsigned(a, b);
        switch (cmp) {
            case Op.CMP_LT:
            case Op.CMP_LO:
                return c < 0;
            case Op.CMP_LE:
            case Op.CMP_LS:
                return c <= 0;
            case Op.CMP_GT:
            case Op.CMP_HI:
                return c > 0;
            case Op.CMP_GE:
            case Op.CMP_HS:
                return c >= 0;
            default:
                throw new IllegalStateException("comparison " + cmp + " is not an integer comparison");
        }
    }
}
