package dev.gmac.gpu.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.gmac.gpu.Dim3;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code isa_pred.cu}: predicate registers combined with {@code and/or/xor/not.pred}, copied with
 * {@code mov.pred}, a flag carried around a data-dependent loop, and {@code setp} with {@code selp}.
 */
class IsaPredKernelTest {
    @Test
    void predicateLogic() {
        int n = 250;
        Random rnd = new Random(150);
        int[] xs = new int[n];
        int[] ys = new int[n];
        int[] zs = new int[n];
        int[] expected = new int[n];
        for (int i = 0; i < n; i++) {
            xs[i] = i % 13 == 0 ? 0 : rnd.nextInt(41) - 20;
            ys[i] = rnd.nextInt(41) - 20;
            zs[i] = i % 7 == 0 ? xs[i] : rnd.nextInt(41) - 20;
            int a = xs[i];
            int b = ys[i];
            int c = zs[i];
            boolean flag = false;
            int k = a & 15;
            while (k > 0 && !flag) {
                flag = ((k * b) & 7) == 3;
                --k;
            }
            int f = 0;
            f |= (a > 0) & (b > 0) ? 1 : 0;
            f |= (a > 0) | (c < 0) ? 2 : 0;
            f |= (a > b) ^ (b > c) ? 4 : 0;
            f |= a != c ? 8 : 0;
            f |= flag ? 16 : 0;
            f |= ((a & 1) != 0) == ((b & 1) != 0) ? 32 : 0;
            f |= ((a >= b) & !(c >= b)) | (a == 0) ? 64 : 0;
            expected[i] = f;
        }
        try (KernelRunner r = new KernelRunner("isa_pred")) {
            long dOut = r.allocate(4L * n);
            r.launch(
                    "pred_logic",
                    Dim3.of(KernelRunner.blocksFor(n, 96)),
                    Dim3.of(96),
                    r.upload(xs),
                    r.upload(ys),
                    r.upload(zs),
                    dOut,
                    n);
            assertArrayEquals(expected, r.downloadInts(dOut, n));
        }
    }
}
