package dev.gmac.gpu.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.Dim3;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code isa_atomics_global.cu}: 64-bit global atomics (add, cas, min/max signed and unsigned, and, or, xor,
 * exch), {@code atom.global.add.f64} and {@code .f32}, 32-bit atomics including inc/dec with a limit and tickets
 * from a used {@code atomicAdd}, and explicit {@code red.global} / {@code red.shared} forms, across several CTAs.
 */
class IsaAtomicsGlobalKernelTest {
    private static final long M32 = 0xffff_ffffL;

    @Test
    void sixtyFourBitAndFloatingPointAtomics() {
        int n = 300;
        Random rnd = new Random(170);
        long[] vals = new long[n];
        for (int i = 0; i < n; i++) {
            vals[i] = rnd.nextLong() >> rnd.nextInt(64);
        }
        long[] init = {-5, 100, -1, 0, Long.MAX_VALUE, Long.MIN_VALUE, -1, 0, 0x0f0f, 42};
        long[] e = init.clone();
        double dsum = 0.5;
        float fsum = 0.25f;
        for (long x : vals) {
            e[0] += x;
            e[1] += x & 15;
            e[2] = Long.compareUnsigned(x, e[2]) < 0 ? x : e[2];
            e[3] = Long.compareUnsigned(x, e[3]) > 0 ? x : e[3];
            e[4] = Math.min(e[4], x);
            e[5] = Math.max(e[5], x);
            e[6] &= x | 0xff00_ff00_ff00_ff00L;
            e[7] |= x & 0x0101_0101_0101_0101L;
            e[8] ^= x;
            dsum += (x & 0xffff) * 0.25;
            fsum += x & 0xff;
        }
        try (KernelRunner r = new KernelRunner("isa_atomics_global")) {
            long dCells = r.upload(init);
            long dD = r.upload(new double[] {0.5});
            long dF = r.upload(new float[] {0.25f});
            long dOlds = r.allocate(8L * n);
            r.launch(
                    "global_atomics64",
                    Dim3.of(KernelRunner.blocksFor(n, 64)),
                    Dim3.of(64),
                    r.upload(vals),
                    dCells,
                    dD,
                    dF,
                    dOlds,
                    n);
            long[] cells = r.downloadLongs(dCells, 10);
            for (int k = 0; k < 9; k++) {
                assertEquals(e[k], cells[k], "cell " + k);
            }
            long last = cells[9];
            assertTrue(Arrays.stream(vals).anyMatch(x -> x == last), "exch leaves one of the operands");
            assertEquals(dsum, r.downloadDoubles(dD, 1)[0], 0.0, "f64 add (exact: all partial sums representable)");
            assertEquals(fsum, r.downloadFloats(dF, 1)[0], 0f, "f32 add (exact: all partial sums representable)");
            AtomicChains.assertAddChain(init[0], vals, r.downloadLongs(dOlds, n), e[0], -1L, "u64 add");
        }
    }

    @Test
    void thirtyTwoBitAtomicsAndTickets() {
        int n = 500;
        Random rnd = new Random(171);
        int[] vals = new int[n];
        for (int i = 0; i < n; i++) {
            vals[i] = rnd.nextInt() >> rnd.nextInt(32);
        }
        int[] init = {7, 95, 2, Integer.MAX_VALUE, Integer.MIN_VALUE, -1, 0, 0x3c3c3c3c, 1000, 10};
        int[] e = init.clone();
        for (int x : vals) {
            e[0] += x;
            e[1] = Integer.compareUnsigned(e[1], 100) >= 0 ? 0 : e[1] + 1;
            e[2] = (e[2] == 0 || Integer.compareUnsigned(e[2], 100) > 0) ? 100 : e[2] - 1;
            e[3] = Math.min(e[3], x);
            e[4] = Math.max(e[4], x);
            e[5] &= x | 0x00ff00ff;
            e[6] |= x & 0x11111111;
            e[7] ^= x;
            e[8] -= x;
        }
        e[9] += n;
        try (KernelRunner r = new KernelRunner("isa_atomics_global")) {
            long dCells = r.upload(init);
            long dUsed = r.allocate(4L * n);
            r.launch(
                    "global_atomics32",
                    Dim3.of(KernelRunner.blocksFor(n, 128)),
                    Dim3.of(128),
                    r.upload(vals),
                    dCells,
                    dUsed,
                    n);
            assertArrayEquals(e, r.downloadInts(dCells, 10));
            int[] tickets = r.downloadInts(dUsed, n);
            Arrays.sort(tickets);
            int[] expectedTickets = new int[n];
            for (int i = 0; i < n; i++) {
                expectedTickets[i] = init[9] + i;
            }
            assertArrayEquals(expectedTickets, tickets, "each thread got a distinct ticket");
        }
    }

    @Test
    void explicitReductions() {
        int block = 64;
        int grid = 4;
        int n = block * grid - 10;
        Random rnd = new Random(172);
        int[] vals = new int[n];
        for (int i = 0; i < n; i++) {
            vals[i] = rnd.nextInt() >> rnd.nextInt(32);
        }
        int add = 3;
        long add64 = 1L << 33;
        int max = Integer.MIN_VALUE;
        float fsum = 0f;
        int[] perCta = new int[2 * grid];
        for (int i = 0; i < n; i++) {
            add += vals[i];
            add64 += vals[i] & M32;
            max = Math.max(max, vals[i]);
            fsum += vals[i] & 0xff;
            perCta[2 * (i / block)] += vals[i];
            perCta[2 * (i / block) + 1] |= vals[i];
        }
        try (KernelRunner r = new KernelRunner("isa_atomics_global")) {
            long dCells = r.upload(new int[] {3, 12345, Integer.MIN_VALUE});
            long dCells64 = r.upload(new long[] {1L << 33});
            long dF = r.allocate(4);
            long dPerCta = r.allocate(8L * grid);
            r.launch("red_explicit", Dim3.of(grid), Dim3.of(block), r.upload(vals), dCells, dCells64, dF, dPerCta, n);
            assertArrayEquals(new int[] {add, 12345, max}, r.downloadInts(dCells, 3));
            assertEquals(add64, r.downloadLongs(dCells64, 1)[0]);
            assertEquals(fsum, r.downloadFloats(dF, 1)[0], 0f);
            assertArrayEquals(perCta, r.downloadInts(dPerCta, 2 * grid));
        }
    }
}
