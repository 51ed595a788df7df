package dev.gmac.gpu.kernels;

import static dev.gmac.gpu.kernels.FloatAssertions.assertSameDouble;
import static dev.gmac.gpu.kernels.FloatAssertions.assertSameFloat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gmac.gpu.Dim3;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code isa_round.cu}: {@code cvt} with integer rounding ({@code .rni .rzi .rmi .rpi}) from f32 and f64 to signed
 * and unsigned 32/64-bit integers and to floats, {@code cvt} with float rounding ({@code .rn .rz .rm .rp}) from
 * integers and f64, {@code .sat} and {@code .ftz}. Float-to-integer results saturate to the destination range.
 * NaN inputs are used only where the result is a float (the ISA text this project follows fixes NaN results for
 * float destinations and for {@code .sat}).
 */
class IsaRoundKernelTest {
    private static final float[] SPECIAL_F32 = {
        0.5f,
        1.5f,
        2.5f,
        -0.5f,
        -1.5f,
        -2.5f,
        0.49999997f,
        -0.49999997f,
        0.0f,
        -0.0f,
        1.0f,
        -1.0f,
        8388607.5f,
        -8388607.5f,
        16777217f,
        2.1474836E9f,
        -2.1474836E9f,
        3e9f,
        -3e9f,
        4.2949673E9f,
        5e9f,
        1e19f,
        2e19f,
        -1e19f,
        1e-40f,
        -1e-40f,
        Float.MIN_VALUE,
        Float.MAX_VALUE,
        -Float.MAX_VALUE,
        Float.POSITIVE_INFINITY,
        Float.NEGATIVE_INFINITY,
        0.99999994f,
        1.0000001f,
        0.25f,
        -0.75f,
        123.456f
    };

    private static float[] inputsF32(int randomCount) {
        Random rnd = new Random(90);
        float[] in = new float[SPECIAL_F32.length + randomCount];
        System.arraycopy(SPECIAL_F32, 0, in, 0, SPECIAL_F32.length);
        for (int i = SPECIAL_F32.length; i < in.length; i++) {
            in[i] = switch (i % 3) {
                case 0 -> (rnd.nextFloat() - 0.5f) * 200f;
                case 1 -> Math.round((rnd.nextFloat() - 0.5f) * 40f) / 2f; // halves
                default -> Float.intBitsToFloat(rnd.nextInt() & 0xdfff_ffff); // finite, magnitude below 2^65
            };
        }
        return in;
    }

    private static int satInt(double v) {
        return (int) v; // Java saturates like cvt.*.s32 (and NaN, unused here, gives 0)
    }

    private static long satUint32(double v) {
        return (long) Math.max(0.0, Math.min(4294967295.0, v));
    }

    private static long satUint64(double v) {
        if (v <= 0) {
            return 0;
        }
        if (v >= 18446744073709551615.0) {
            return -1L;
        }
        return new BigDecimal(v).toBigInteger().longValue();
    }

    private static double trunc(double v) {
        return v < 0 ? Math.ceil(v) : Math.floor(v);
    }

    private static float roundHalfAway(float x) {
        return (float) Math.copySign(Math.floor(Math.abs((double) x) + 0.5), x);
    }

    @Test
    void floatToIntAndFloatRoundings() {
        float[] x = inputsF32(200);
        int n = x.length;
        Random rnd = new Random(91);
        int[] xi = new int[n];
        for (int i = 0; i < n; i++) {
            xi[i] = i < 6
                    ? new int[] {0, -1, Integer.MIN_VALUE, Integer.MAX_VALUE, 16777217, -16777217}[i]
                    : rnd.nextInt();
        }
        try (KernelRunner r = new KernelRunner("isa_round")) {
            long dX = r.upload(x);
            long dXi = r.upload(xi);
            long dOut = r.allocate(64L * n);
            r.launch("round_f32", Dim3.of(KernelRunner.blocksFor(n, 64)), Dim3.of(64), dX, dXi, dOut, n);
            int[] out = r.downloadInts(dOut, 16 * n);
            for (int i = 0; i < n; i++) {
                float v = x[i];
                String at = "x=" + v + " (element " + i + ") k=";
                int[] o = Arrays.copyOfRange(out, 16 * i, 16 * i + 16);
                assertEquals(satInt(Math.rint(v)), o[0], at + 0);
                assertEquals(satInt(v), o[1], at + 1);
                assertEquals(satInt(Math.floor(v)), o[2], at + 2);
                assertEquals(satInt(Math.ceil(v)), o[3], at + 3);
                assertSameFloat((float) Math.rint(v), Float.intBitsToFloat(o[4]), at + 4);
                assertSameFloat((float) trunc(v), Float.intBitsToFloat(o[5]), at + 5);
                assertSameFloat((float) Math.floor(v), Float.intBitsToFloat(o[6]), at + 6);
                assertSameFloat((float) Math.ceil(v), Float.intBitsToFloat(o[7]), at + 7);
                float sat = Math.max(0f, Math.min(1f, v));
                assertEquals(sat, Float.intBitsToFloat(o[8]), 0f, at + 8); // the sign of a zero is not checked
                assertEquals((int) satUint32(Math.rint(v)), o[9], at + 9);
                assertEquals((int) satUint32(trunc(v)), o[10], at + 10);
                assertEquals((int) (long) Math.floor(v), o[11], at + 11);
                assertEquals((int) (satUint64(Math.ceil(v)) >>> 1), o[12], at + 12);
                assertSameFloat(roundHalfAway(v), Float.intBitsToFloat(o[13]), at + 13);
                assertSameFloat(
                        DirectedRounding.ZERO.toFloat(BigDecimal.valueOf(xi[i])), Float.intBitsToFloat(o[14]), at + 14);
                assertSameFloat(
                        DirectedRounding.DOWN.toFloat(BigDecimal.valueOf(xi[i] & 0xffff_ffffL)),
                        Float.intBitsToFloat(o[15]),
                        at + 15);
            }
        }
    }

    @Test
    void nanGivesNanForFloatResults() {
        float[] x = {Float.NaN, Float.intBitsToFloat(0xffc0_0001)};
        int n = x.length;
        try (KernelRunner r = new KernelRunner("isa_round")) {
            long dX = r.upload(x);
            long dXi = r.upload(new int[n]);
            long dOut = r.allocate(64L * n);
            r.launch("round_f32", Dim3.of(1), Dim3.of(32), dX, dXi, dOut, n);
            int[] out = r.downloadInts(dOut, 16 * n);
            for (int i = 0; i < n; i++) {
                for (int k : new int[] {4, 5, 6, 7, 13}) {
                    assertSameFloat(Float.NaN, Float.intBitsToFloat(out[16 * i + k]), "NaN input, k=" + k);
                }
                assertSameFloat(0f, Float.intBitsToFloat(out[16 * i + 8]), "__saturatef(NaN) is +0");
            }
        }
    }

    @Test
    void doubleConversions() {
        List<Double> values = new ArrayList<>(List.of(
                0.5,
                1.5,
                2.5,
                -0.5,
                -2.5,
                0.0,
                -0.0,
                2147483647.5,
                -2147483648.5,
                3e9,
                -3e9,
                9.3e18,
                -9.3e18,
                1e300,
                -1e300,
                1e-310,
                -1e-310,
                3.4028235677973366e38,
                3.4028236e38,
                1.0000000596046448,
                1.0000001788139343,
                Double.POSITIVE_INFINITY,
                Double.NEGATIVE_INFINITY,
                Double.MIN_VALUE,
                123456789.123456789));
        Random rnd = new Random(92);
        while (values.size() < 150) {
            values.add(
                    values.size() % 2 == 0
                            ? (rnd.nextDouble() - 0.5) * 1e6
                            : Double.longBitsToDouble(rnd.nextLong() & 0xbfff_ffff_ffff_ffffL));
        }
        int n = values.size();
        double[] x = new double[n];
        long[] l = new long[n];
        for (int i = 0; i < n; i++) {
            x[i] = values.get(i);
            l[i] = i < 4 ? new long[] {0, -1, Long.MIN_VALUE, Long.MAX_VALUE}[i] : rnd.nextLong() >> rnd.nextInt(40);
        }
        try (KernelRunner r = new KernelRunner("isa_round")) {
            long dX = r.upload(x);
            long dL = r.upload(l);
            long dOut = r.allocate(96L * n);
            r.launch("round_f64", Dim3.of(KernelRunner.blocksFor(n, 64)), Dim3.of(64), dX, dL, dOut, n);
            long[] out = r.downloadLongs(dOut, 12 * n);
            for (int i = 0; i < n; i++) {
                double v = x[i];
                String at = "x=" + v + " l=" + l[i] + " k=";
                long[] o = Arrays.copyOfRange(out, 12 * i, 12 * i + 12);
                assertEquals(satInt(Math.rint(v)), o[0], at + 0);
                assertEquals(satInt(v), o[1], at + 1);
                assertEquals(satInt(Math.floor(v)), o[2], at + 2);
                assertEquals(satInt(Math.ceil(v)), o[3], at + 3);
                assertSameDouble(Math.rint(v), Double.longBitsToDouble(o[4]), at + 4);
                assertSameDouble(trunc(v), Double.longBitsToDouble(o[5]), at + 5);
                assertSameDouble(Math.floor(v), Double.longBitsToDouble(o[6]), at + 6);
                assertSameDouble(Math.ceil(v), Double.longBitsToDouble(o[7]), at + 7);
                assertEquals((long) Math.rint(v), o[8], at + 8);
                float rn = (float) v;
                float rz = Double.isInfinite(v) ? (float) v : DirectedRounding.ZERO.toFloat(new BigDecimal(v));
                if (v == 0) {
                    rz = (float) v;
                }
                assertSameFloat(rn, Float.intBitsToFloat((int) o[9]), at + "9 (rn)");
                assertSameFloat(rz, Float.intBitsToFloat((int) (o[9] >>> 32)), at + "9 (rz)");
                assertSameDouble(
                        DirectedRounding.DOWN.toDouble(BigDecimal.valueOf(l[i])),
                        Double.longBitsToDouble(o[10]),
                        at + 10);
                assertSameFloat((float) l[i], Float.intBitsToFloat((int) o[11]), at + "11 (rn)");
                assertSameFloat(
                        DirectedRounding.UP.toFloat(new BigDecimal(Long.toUnsignedString(l[i]))),
                        Float.intBitsToFloat((int) (o[11] >>> 32)),
                        at + "11 (ru)");
            }
        }
    }

    @Test
    void saturatingAndFlushToZeroConversions() {
        float[] x = inputsF32(100);
        int n = x.length;
        try (KernelRunner r = new KernelRunner("isa_round")) {
            long dX = r.upload(x);
            long dOut = r.allocate(16L * n);
            r.launch("round_sat_ftz", Dim3.of(KernelRunner.blocksFor(n, 32)), Dim3.of(32), dX, dOut, n);
            int[] out = r.downloadInts(dOut, 4 * n);
            for (int i = 0; i < n; i++) {
                float v = x[i];
                String at = "x=" + v + " k=";
                boolean subnormal = v != 0 && Math.abs(v) < Float.MIN_NORMAL;
                float flushed = subnormal ? Math.copySign(0f, v) : v;
                assertEquals((int) Math.max(0, Math.min(255, Math.rint(v))), out[4 * i], at + "0 (rni.sat.u8)");
                assertSameFloat((float) trunc(flushed), Float.intBitsToFloat(out[4 * i + 1]), at + "1 (rzi.ftz)");
                assertEquals(
                        Math.max(0f, Math.min(1f, flushed)),
                        Float.intBitsToFloat(out[4 * i + 2]),
                        0f,
                        at + "2 (ftz.sat)");
                assertEquals(
                        (int) Math.max(-32768, Math.min(32767, Math.rint(v))), out[4 * i + 3], at + "3 (rni.sat.s16)");
            }
        }
    }
}
