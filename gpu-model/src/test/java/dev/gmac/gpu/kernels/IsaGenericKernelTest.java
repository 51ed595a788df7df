package dev.gmac.gpu.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.gmac.gpu.Dim3;
import org.junit.jupiter.api.Test;

/**
 * {@code isa_generic.cu}: generic addressing. A {@code __noinline__} function takes generic pointers into global,
 * shared, local and const memory ({@code cvta.global/shared/local/const} on the way in, generic {@code ld}/
 * {@code st} inside), {@code isspacep} tells the spaces apart, and {@code cvta.to.global/shared/local} converts
 * back inside functions where nvcc cannot know the space.
 */
class IsaGenericKernelTest {
    @Test
    void genericPointersIntoGlobalSharedAndLocal() {
        int block = 64;
        int grid = 2;
        int threads = block * grid;
        int n = threads - 5;
        int[] g = new int[4 * threads];
        for (int i = 0; i < g.length; i++) {
            g[i] = i * 3 - 100;
        }
        int[] expectedOut = new int[8 * n];
        int[] expectedG = g.clone();
        for (int i = 0; i < n; i++) {
            int t = i % block;
            int gs = 0;
            for (int k = 0; k < 4; k++) {
                gs += g[4 * i + k];
                expectedG[4 * i + k] = g[4 * i + k] + 1;
            }
            expectedOut[8 * i] = gs;
            expectedOut[8 * i + 1] = 16 * i + 6;
            expectedOut[8 * i + 2] = 8 * i + 6;
            expectedOut[8 * i + 3] = 4 * i + 1;
            expectedOut[8 * i + 4] = 2 * i + 4;
            expectedOut[8 * i + 5] = 0x421;
            expectedOut[8 * i + 6] = 4 * i + 2;
            expectedOut[8 * i + 7] = 16 * t;
        }
        try (KernelRunner r = new KernelRunner("isa_generic")) {
            long dG = r.upload(g);
            long dOut = r.allocate(32L * n);
            r.launch("generic_spaces", Dim3.of(grid), Dim3.of(block), dG, dOut, n, 0);
            assertArrayEquals(expectedOut, r.downloadInts(dOut, 8 * n));
            assertArrayEquals(expectedG, r.downloadInts(dG, g.length), "global elements bumped through generic stores");
        }
    }

    @Test
    void constAndDeviceTablesThroughGenericPointersAndBack() {
        int block = 96;
        int n = 150;
        int[] ctab = {5, 6, 7, 8};
        int[] gtab = {100, 200, 300, 400};
        int[] g = new int[n];
        int[] expected = new int[4 * n];
        for (int i = 0; i < n; i++) {
            g[i] = i * i - 7;
            int t = i % block;
            expected[4 * i] = ctab[i & 3] + g[i] + gtab[(i >> 2) & 3];
            expected[4 * i + 1] = 4 * i;
            expected[4 * i + 2] = 4 * (t + 1);
            expected[4 * i + 3] = 12;
        }
        try (KernelRunner r = new KernelRunner("isa_generic")) {
            long dOut = r.allocate(16L * n);
            r.launch(
                    "generic_const",
                    Dim3.of(KernelRunner.blocksFor(n, block)),
                    Dim3.of(block),
                    r.upload(g),
                    dOut,
                    n,
                    0);
            assertArrayEquals(expected, r.downloadInts(dOut, 4 * n));
        }
    }
}
