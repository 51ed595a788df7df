package dev.gmac.gpu.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.LaunchStats;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code isa_atomics_shared.cu}: {@code atom.shared} add/or/and/xor/min/max (signed and unsigned)/inc/dec/exch/
 * cas on 32-bit cells, add.f32, and the 64-bit forms, with every thread of a CTA hitting the same cell in the
 * same instruction. Final values are order-independent; returned old values are checked with
 * {@link AtomicChains}.
 */
class IsaAtomicsSharedKernelTest {
    private static final long M32 = 0xffff_ffffL;

    @Test
    void thirtyTwoBitAtomicsOnSharedCells() {
        int block = 96;
        int grid = 3;
        int n = block * grid - 40; // the last CTA has 56 active threads
        Random rnd = new Random(160);
        int[] vals = new int[n];
        for (int i = 0; i < n; i++) {
            vals[i] = i % 5 == 0 ? -rnd.nextInt(1000) : rnd.nextInt() >>> rnd.nextInt(32);
        }
        int[] init = {5, 0x100, -1, 0x5a5a5a5a, 0, 0, -1, 0, 990, 3, 77, 1};
        try (KernelRunner r = new KernelRunner("isa_atomics_shared")) {
            long dOut = r.allocate(48L * grid);
            long dOlds = r.allocate(8L * n);
            long dF = r.allocate(4L * grid);
            LaunchStats stats = r.launch(
                    "shared_atomics",
                    Dim3.of(grid),
                    Dim3.of(block),
                    r.upload(vals),
                    r.upload(init),
                    dOut,
                    dOlds,
                    dF,
                    n);
            int[] out = r.downloadInts(dOut, 12 * grid);
            int[] olds = r.downloadInts(dOlds, 2 * n);
            float[] fout = r.downloadFloats(dF, grid);
            for (int cta = 0; cta < grid; cta++) {
                int from = cta * block;
                int to = Math.min(n, from + block);
                int[] v = Arrays.copyOfRange(vals, from, to);
                int add = init[0];
                int or = init[1];
                int and = init[2];
                int xor = init[3];
                int minS = init[4];
                int maxS = init[5];
                int minU = init[6];
                int maxU = init[7];
                int inc = init[8];
                int dec = init[9];
                int cas = init[11];
                float fsum = 0f;
                for (int x : v) {
                    add += x;
                    or |= x;
                    and &= x | 0x0f0f0f0f;
                    xor ^= x;
                    minS = Math.min(minS, x);
                    maxS = Math.max(maxS, x);
                    minU = Integer.compareUnsigned(x, minU) < 0 ? x : minU;
                    maxU = Integer.compareUnsigned(x, maxU) > 0 ? x : maxU;
                    inc = Integer.compareUnsigned(inc, 1000) >= 0 ? 0 : inc + 1;
                    dec = (dec == 0 || Integer.compareUnsigned(dec, 1000) > 0) ? 1000 : dec - 1;
                    cas += x & 7;
                    fsum += x & 255;
                }
                int[] expected = {add, or, and, xor, minS, maxS, minU, maxU, inc, dec, 0, cas};
                String at = "CTA " + cta + " cell ";
                for (int k = 0; k < 12; k++) {
                    if (k != 10) {
                        assertEquals(expected[k], out[12 * cta + k], at + k);
                    }
                }
                int last = out[12 * cta + 10];
                assertTrue(Arrays.stream(v).anyMatch(x -> x == last), at + "10: exch leaves one of the operands");
                assertEquals(fsum, fout[cta], 0f, "CTA " + cta + " f32 add");
                long[] lv = Arrays.stream(v).mapToLong(x -> x & M32).toArray();
                long[] addOlds = new long[v.length];
                long[] exchOlds = new long[v.length];
                for (int j = 0; j < v.length; j++) {
                    addOlds[j] = olds[2 * (from + j)] & M32;
                    exchOlds[j] = olds[2 * (from + j) + 1] & M32;
                }
                AtomicChains.assertAddChain(init[0] & M32, lv, addOlds, add & M32, M32, at + "0");
                AtomicChains.assertExchangeChain(init[10] & M32, lv, exchOlds, last & M32, M32, at + "10");
            }
            assertTrue(stats.atomics() > 0, "atomics are counted");
        }
    }

    @Test
    void sixtyFourBitAtomicsOnSharedCells() {
        int block = 64;
        int grid = 2;
        int n = 100;
        Random rnd = new Random(161);
        long[] vals = new long[n];
        for (int i = 0; i < n; i++) {
            vals[i] = rnd.nextLong() >> rnd.nextInt(64);
        }
        long[] init = {1L << 40, 9, -1, 0, Long.MAX_VALUE, Long.MIN_VALUE, -1, 0, 0x0123_4567_89ab_cdefL};
        try (KernelRunner r = new KernelRunner("isa_atomics_shared")) {
            long dOut = r.allocate(72L * grid);
            r.launch("shared_atomics64", Dim3.of(grid), Dim3.of(block), r.upload(vals), r.upload(init), dOut, n);
            long[] out = r.downloadLongs(dOut, 9 * grid);
            for (int cta = 0; cta < grid; cta++) {
                long[] e = init.clone();
                for (int i = cta * block; i < Math.min(n, (cta + 1) * block); i++) {
                    long x = vals[i];
                    e[0] += x;
                    e[1] += x & 15;
                    e[2] = Long.compareUnsigned(x, e[2]) < 0 ? x : e[2];
                    e[3] = Long.compareUnsigned(x, e[3]) > 0 ? x : e[3];
                    e[4] = Math.min(e[4], x);
                    e[5] = Math.max(e[5], x);
                    e[6] &= x | 0xff00_ff00_ff00_ff00L;
                    e[7] |= x & 0x0101_0101_0101_0101L;
                    e[8] ^= x;
                }
                for (int k = 0; k < 9; k++) {
                    assertEquals(e[k], out[9 * cta + k], "CTA " + cta + " cell " + k);
                }
            }
        }
    }
}
