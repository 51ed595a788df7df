package dev.gmac.gpu.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gmac.gpu.Dim3;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code isa_bits.cu}: {@code clz}, {@code popc}, {@code brev} (32/64), {@code bfind} (incl. {@code .shiftamt}),
 * {@code mul.hi} (s32/u32/s64/u64), {@code mul24}/{@code mad24}, {@code prmt}, {@code shf.l/r} with
 * {@code .wrap}/{@code .clamp}, {@code bfe}/{@code bfi} (32/64, positions and lengths past the width). The
 * references follow the PTX ISA pseudo-code of each instruction.
 */
class IsaBitsKernelTest {
    private static final long M32 = 0xffff_ffffL;

    private static int[] ints(int n, long seed) {
        Random rnd = new Random(seed);
        int[] edges = {
            0, -1, 1, Integer.MIN_VALUE, Integer.MAX_VALUE, 0x0080_0000, 0x00ff_ffff, 0xff80_0000, 0x8000_0001
        };
        int[] v = new int[n];
        for (int i = 0; i < n; i++) {
            v[i] = i < edges.length ? edges[i] : rnd.nextInt() >> rnd.nextInt(32);
        }
        return v;
    }

    private static long[] longs(int n, long seed) {
        Random rnd = new Random(seed);
        long[] edges = {0, -1, 1, Long.MIN_VALUE, Long.MAX_VALUE, 1L << 32, 0xffff_ffffL};
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
            v[i] = i < edges.length ? edges[i] : rnd.nextLong() >> rnd.nextInt(64);
        }
        return v;
    }

    private static int ffs(long v) {
        return v == 0 ? 0 : Long.numberOfTrailingZeros(v) + 1;
    }

    private static long umulhi64(long x, long y) {
        return Math.multiplyHigh(x, y) + ((x >> 63) & y) + ((y >> 63) & x);
    }

    private static int bytePerm(int a, int b, int sel) {
        long bytes = (a & M32) | ((b & M32) << 32);
        int r = 0;
        for (int n = 0; n < 4; n++) {
            int idx = (sel >>> (4 * n)) & 7;
            r |= (int) ((bytes >>> (8 * idx)) & 0xff) << (8 * n);
        }
        return r;
    }

    private static int funnelLeft(int lo, int hi, int shift) {
        long v = ((hi & M32) << 32) | (lo & M32);
        return (int) ((v << shift) >>> 32);
    }

    private static int funnelRight(int lo, int hi, int shift) {
        long v = ((hi & M32) << 32) | (lo & M32);
        return (int) (v >>> shift);
    }

    /** PTX {@code bfe}: extract {@code len} bits at {@code pos}, sign-filling from bit min(pos+len-1, msb). */
    static long bfe(long a, int pos, int len, int width, boolean signed) {
        int msb = width - 1;
        long sbit = (!signed || len == 0) ? 0 : (a >>> Math.min(pos + len - 1, msb)) & 1;
        long d = 0;
        for (int i = 0; i <= msb; i++) {
            long bit = (i < len && pos + i <= msb) ? (a >>> (pos + i)) & 1 : sbit;
            d |= bit << i;
        }
        return d;
    }

    /** PTX {@code bfi}: insert the low {@code len} bits of {@code field} into {@code base} at {@code pos}. */
    static long bfi(long field, long base, int pos, int len, int width) {
        int msb = width - 1;
        long f = base;
        for (int i = 0; i < len && pos + i <= msb; i++) {
            long bit = (field >>> i) & 1;
            f = (f & ~(1L << (pos + i))) | (bit << (pos + i));
        }
        return f;
    }

    /** PTX {@code bfind}: index of the most significant non-sign bit, or -1 (0xffffffff). */
    static int bfind(long a, int width, boolean signed, boolean shiftAmount) {
        int msb = width - 1;
        if (signed && ((a >>> msb) & 1) != 0) {
            a = ~a;
        }
        if (width == 32) {
            a &= M32;
        }
        int d = -1;
        for (int i = msb; i >= 0; i--) {
            if (((a >>> i) & 1) != 0) {
                d = i;
                break;
            }
        }
        return shiftAmount && d != -1 ? msb - d : d;
    }

    private static long sext24(int v) {
        return (v << 8) >> 8;
    }

    @Test
    void intrinsicsOnRandomAndEdgeValues() {
        int n = 200;
        int[] a = ints(n, 130);
        int[] b = ints(n, 131);
        long[] la = longs(n, 132);
        long[] lb = longs(n, 133);
        Random rnd = new Random(134);
        int[] s = new int[n];
        int[] sel = new int[n];
        for (int i = 0; i < n; i++) {
            s[i] = i < 40 ? i : rnd.nextInt(70);
            sel[i] = rnd.nextInt();
        }
        try (KernelRunner r = new KernelRunner("isa_bits")) {
            long dOut32 = r.allocate(64L * n);
            long dOut64 = r.allocate(40L * n);
            r.launch(
                    "bits32",
                    Dim3.of(KernelRunner.blocksFor(n, 64)),
                    Dim3.of(64),
                    r.upload(a),
                    r.upload(b),
                    r.upload(la),
                    r.upload(lb),
                    r.upload(s),
                    r.upload(sel),
                    dOut32,
                    dOut64,
                    n);
            int[] o = r.downloadInts(dOut32, 16 * n);
            long[] p = r.downloadLongs(dOut64, 5 * n);
            for (int i = 0; i < n; i++) {
                int x = a[i];
                int y = b[i];
                String at = "a=" + x + " b=" + y + " la=" + la[i] + " lb=" + lb[i] + " s=" + s[i] + " k=";
                int[] e = {
                    Integer.numberOfLeadingZeros(x),
                    Long.numberOfLeadingZeros(la[i]),
                    Integer.bitCount(x),
                    Long.bitCount(la[i]),
                    Integer.reverse(x),
                    ffs(x & M32),
                    ffs(la[i]),
                    (int) (((long) x * y) >> 32),
                    (int) (((x & M32) * (y & M32)) >>> 32),
                    (int) (sext24(x) * sext24(y)),
                    (int) ((x & 0xff_ffffL) * (y & 0xff_ffffL)),
                    bytePerm(x, y, sel[i]),
                    funnelLeft(x, y, s[i] & 31),
                    funnelRight(x, y, s[i] & 31),
                    (x >>> (s[i] & 15)) & 0x3ff,
                    (x & ~(0xff << 8)) | ((y & 0xff) << 8)
                };
                for (int k = 0; k < 16; k++) {
                    assertEquals(e[k], o[16 * i + k], at + k);
                }
                int clamp = Math.min(s[i], 32);
                long[] e64 = {
                    Long.reverse(la[i]),
                    Math.multiplyHigh(la[i], lb[i]),
                    umulhi64(la[i], lb[i]),
                    la[i] == 0 ? -1 : 63 - Long.numberOfLeadingZeros(la[i]),
                    (funnelLeft(x, y, clamp) & M32) | ((long) funnelRight(x, y, clamp) << 32)
                };
                for (int k = 0; k < 5; k++) {
                    assertEquals(e64[k], p[5 * i + k], at + "64-bit " + k);
                }
            }
        }
    }

    @Test
    void bitFieldInstructions() {
        int n = 256;
        int[] a = ints(n, 135);
        int[] b = ints(n, 136);
        long[] la = longs(n, 137);
        Random rnd = new Random(138);
        int[] ps = new int[n];
        int[] ls = new int[n];
        for (int i = 0; i < n; i++) {
            ps[i] = rnd.nextInt(256);
            ls[i] = i % 8 == 0 ? 0 : rnd.nextInt(256);
        }
        try (KernelRunner r = new KernelRunner("isa_bits")) {
            long dOut = r.allocate(56L * n);
            r.launch(
                    "bitfield",
                    Dim3.of(KernelRunner.blocksFor(n, 128)),
                    Dim3.of(128),
                    r.upload(a),
                    r.upload(b),
                    r.upload(la),
                    r.upload(ps),
                    r.upload(ls),
                    dOut,
                    n);
            int[] o = r.downloadInts(dOut, 14 * n);
            for (int i = 0; i < n; i++) {
                int x = a[i];
                int y = b[i];
                int p = ps[i] & 63;
                int l = ls[i] & 63;
                String at = "a=" + x + " b=" + y + " la=" + la[i] + " pos=" + p + " len=" + l + " k=";
                long t = sext24(x) * sext24(y);
                int[] e = {
                    (int) bfe(x & M32, p, l, 32, false),
                    (int) bfe(x & M32, p, l, 32, true),
                    (int) bfi(y, x & M32, p, l, 32),
                    bfind(x & M32, 32, false, false),
                    bfind(x & M32, 32, true, false),
                    bfind(x & M32, 32, false, true),
                    (int) bfe(la[i], p, l, 64, false),
                    (int) (bfe(la[i], p, l, 64, true) >> 32),
                    (int) bfi(y, la[i], p, l, 64),
                    bfind(la[i], 64, false, false),
                    bfind(la[i], 64, true, false),
                    (int) t + x,
                    (int) (t >> 16),
                    (int) ((x & 0xff_ffffL) * (y & 0xff_ffffL))
                };
                for (int k = 0; k < 14; k++) {
                    assertEquals(e[k], o[14 * i + k], at + k);
                }
            }
        }
    }
}
