package dev.gmac.gpu.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.gmac.gpu.Dim3;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code isa_nc_vec.cu}: loads through the read-only path ({@code ld.global.nc}) in scalar, {@code .v2} and
 * {@code .v4} forms of f32, u32 and f64, and vector stores ({@code st.global.v2/.v4.f32}).
 */
class IsaNcVecKernelTest {
    @Test
    void float4Scale() {
        int n4 = 77;
        float s = -1.75f;
        Random rnd = new Random(110);
        float[] in = new float[4 * n4];
        float[] expected = new float[4 * n4];
        for (int i = 0; i < in.length; i++) {
            in[i] = rnd.nextFloat() * 10f - 5f;
            expected[i] = in[i] * s;
        }
        try (KernelRunner r = new KernelRunner("isa_nc_vec")) {
            long dIn = r.upload(in);
            long dOut = r.allocate(16L * n4);
            r.launch(
                    "scale_float4",
                    Dim3.of(KernelRunner.blocksFor(n4, 32)),
                    Dim3.of(32),
                    dIn,
                    dOut,
                    KernelRunner.f32(s),
                    n4);
            assertArrayEquals(expected, r.downloadFloats(dOut, 4 * n4));
        }
    }

    @Test
    void float2Swap() {
        int n2 = 50;
        float[] in = new float[2 * n2];
        float[] expected = new float[2 * n2];
        for (int i = 0; i < n2; i++) {
            in[2 * i] = i;
            in[2 * i + 1] = -i - 0.5f;
            expected[2 * i] = -i - 0.5f;
            expected[2 * i + 1] = i;
        }
        try (KernelRunner r = new KernelRunner("isa_nc_vec")) {
            long dIn = r.upload(in);
            long dOut = r.allocate(8L * n2);
            r.launch("swap_float2", Dim3.of(2), Dim3.of(32), dIn, dOut, n2);
            assertArrayEquals(expected, r.downloadFloats(dOut, 2 * n2));
        }
    }

    @Test
    void int4SumWithA64BitReadOnlyBias() {
        int n4 = 90;
        Random rnd = new Random(111);
        int[] in = new int[4 * n4];
        for (int i = 0; i < in.length; i++) {
            in[i] = rnd.nextInt();
        }
        long[] bias = {1L << 40 | 7, -3, 0x1234_5678_9abcL, Long.MIN_VALUE + 5};
        int[] expected = new int[n4];
        for (int i = 0; i < n4; i++) {
            expected[i] = in[4 * i] + in[4 * i + 1] + in[4 * i + 2] + in[4 * i + 3] + (int) bias[i & 3];
        }
        try (KernelRunner r = new KernelRunner("isa_nc_vec")) {
            long dIn = r.upload(in);
            long dBias = r.upload(bias);
            long dOut = r.allocate(4L * n4);
            r.launch("sum_int4", Dim3.of(3), Dim3.of(32), dIn, dBias, dOut, n4);
            assertArrayEquals(expected, r.downloadInts(dOut, n4));
        }
    }

    @Test
    void double2Difference() {
        int n2 = 40;
        Random rnd = new Random(112);
        double[] in = new double[2 * n2];
        double[] expected = new double[n2];
        for (int i = 0; i < n2; i++) {
            in[2 * i] = rnd.nextGaussian() * 1e10;
            in[2 * i + 1] = rnd.nextGaussian();
            expected[i] = in[2 * i] - in[2 * i + 1];
        }
        try (KernelRunner r = new KernelRunner("isa_nc_vec")) {
            long dIn = r.upload(in);
            long dOut = r.allocate(8L * n2);
            r.launch("diff_double2", Dim3.of(2), Dim3.of(32), dIn, dOut, n2);
            assertArrayEquals(expected, r.downloadDoubles(dOut, n2));
        }
    }

    @Test
    void readOnlyBytesAndShortsWidenCorrectly() {
        int n = 100;
        byte[] bytes = new byte[n];
        short[] shorts = new short[n];
        int[] expected = new int[n];
        for (int i = 0; i < n; i++) {
            bytes[i] = (byte) (i * 37); // values above 127 must zero-extend
            shorts[i] = (short) (i * 1031 - 40000); // negative values must sign-extend
            expected[i] = (bytes[i] & 0xff) + shorts[i];
        }
        try (KernelRunner r = new KernelRunner("isa_nc_vec")) {
            long dBytes = r.upload(bytes);
            long dShorts = r.upload(shorts);
            long dOut = r.allocate(4L * n);
            r.launch("widen_small", Dim3.of(4), Dim3.of(32), dBytes, dShorts, dOut, n);
            assertArrayEquals(expected, r.downloadInts(dOut, n));
        }
    }
}
