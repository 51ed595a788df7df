package dev.gmac.gpu.kernels;

import static dev.gmac.gpu.kernels.FloatAssertions.assertSameFloat;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gmac.gpu.Dim3;
import java.util.Random;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

/**
 * {@code isa_const_global.cu}: module-scope {@code .const} tables with initialisers read with {@code ld.const}
 * (8/16/32/64-bit, float, double, a struct array; initialisers shorter than the array are zero-filled) and
 * {@code .global} arrays with initialisers that kernels read, update atomically and that keep their values from
 * one launch to the next in the same module.
 */
class IsaConstGlobalKernelTest {
    @Test
    void crc32WithAConstantNibbleTable() {
        int n = 130;
        Random rnd = new Random(180);
        int[] words = new int[n];
        int[] expected = new int[n];
        for (int i = 0; i < n; i++) {
            words[i] = i == 0 ? 0 : rnd.nextInt();
            CRC32 crc = new CRC32();
            crc.update(new byte[] {
                (byte) words[i], (byte) (words[i] >> 8), (byte) (words[i] >> 16), (byte) (words[i] >> 24)
            });
            expected[i] = (int) crc.getValue();
        }
        try (KernelRunner r = new KernelRunner("isa_const_global")) {
            long dOut = r.allocate(4L * n);
            r.launch("crc32_words", Dim3.of(KernelRunner.blocksFor(n, 64)), Dim3.of(64), r.upload(words), dOut, n);
            assertArrayEquals(expected, r.downloadInts(dOut, n));
        }
    }

    @Test
    void constantAndDeviceTablesOfEveryWidth() {
        int n = 50;
        float[] c = {1.0f, -0.5f, 0.25f, -0.125f};
        short[] shortTable = {-3, 7, -32768, 32767, 12};
        int[] byteTable = {1, 2, 3, 250, 251, 252, 0};
        int[] keys = {1, 2, 3};
        long[] values = {100, -200, 3_000_000_000_000L};
        float[] deviceFloats = {0.5f, 1.5f, -2.25f};
        int[] deviceCounts = {10, 20, 30, 40, 50, 60, 70, 80};
        Random rnd = new Random(181);
        float[] xs = new float[n];
        for (int i = 0; i < n; i++) {
            xs[i] = (rnd.nextFloat() - 0.5f) * 10f;
        }
        try (KernelRunner r = new KernelRunner("isa_const_global")) {
            long dOut = r.allocate(32L * n);
            r.launch("const_tables", Dim3.of(2), Dim3.of(32), r.upload(xs), dOut, n);
            float[] out = r.downloadFloats(dOut, 8 * n);
            for (int i = 0; i < n; i++) {
                float x = xs[i];
                float p = Math.fma(Math.fma(Math.fma(c[3], x, c[2]), x, c[1]), x, c[0]);
                float[] e = {
                    p,
                    (float) ((double) x * 3.0),
                    shortTable[i % 5],
                    byteTable[i % 7],
                    keys[i % 3],
                    (float) values[i % 3],
                    deviceFloats[i % 3] * x,
                    deviceCounts[i % 8]
                };
                for (int k = 0; k < 8; k++) {
                    assertSameFloat(e[k], out[8 * i + k], "element " + i + " k=" + k);
                }
            }
        }
    }

    @Test
    void deviceGlobalsKeepTheirValuesAcrossLaunches() {
        int n = 77;
        int[] counts = {10, 20, 30, 40, 50, 60, 70, 80};
        long big0 = 0xfedc_ba98_7654_3210L;
        for (int i = 0; i < n; i++) {
            counts[i % 8]++;
            big0 ^= i;
        }
        try (KernelRunner r = new KernelRunner("isa_const_global")) {
            long dCounts = r.allocate(32);
            long dBig = r.allocate(16);
            long dUninit = r.allocate(16);
            r.launch("device_globals_read", Dim3.of(1), Dim3.of(32), dCounts, dBig, dUninit);
            assertArrayEquals(new int[] {10, 20, 30, 40, 50, 60, 70, 80}, r.downloadInts(dCounts, 8), "initialiser");
            assertArrayEquals(new long[] {0xfedc_ba98_7654_3210L, 42}, r.downloadLongs(dBig, 2), "initialiser");
            assertArrayEquals(new int[4], r.downloadInts(dUninit, 4), "no initialiser: zeros");
            r.launch("device_globals_update", Dim3.of(3), Dim3.of(32), n);
            r.launch("device_globals_read", Dim3.of(1), Dim3.of(32), dCounts, dBig, dUninit);
            assertArrayEquals(counts, r.downloadInts(dCounts, 8));
            long[] big = r.downloadLongs(dBig, 2);
            assertEquals(big0, big[0]);
            assertEquals(42, big[1]);
            assertArrayEquals(new int[] {0, 11, 22, 33}, r.downloadInts(dUninit, 4));
        }
    }
}
