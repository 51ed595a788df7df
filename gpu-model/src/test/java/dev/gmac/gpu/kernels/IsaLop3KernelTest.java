package dev.gmac.gpu.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.gmac.gpu.Dim3;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code isa_lop3.cu}: three-input boolean functions. nvcc 13 does not fold them into {@code lop3} at the PTX level
 * for {@code sm_75} (ptxas does that later), so the kernel also reaches {@code lop3.b32} through inline asm with
 * the truth tables 0x96 (xor of three) and 0xE8 (majority). The reference is plain Java bit logic.
 */
class IsaLop3KernelTest {
    private static int truthTable(int a, int b, int c, int tt) {
        int r = 0;
        for (int t = 0; t < 8; t++) {
            if ((tt & (1 << t)) != 0) {
                int ma = (t & 4) != 0 ? a : ~a;
                int mb = (t & 2) != 0 ? b : ~b;
                int mc = (t & 1) != 0 ? c : ~c;
                r |= ma & mb & mc;
            }
        }
        return r;
    }

    @Test
    void threeInputFunctions() {
        int n = 300;
        Random rnd = new Random(140);
        int[] a = new int[n];
        int[] b = new int[n];
        int[] c = new int[n];
        int[] tt = new int[n];
        int[] expected = new int[8 * n];
        for (int i = 0; i < n; i++) {
            a[i] = rnd.nextInt();
            b[i] = rnd.nextInt();
            c[i] = rnd.nextInt();
            tt[i] = i < 256 ? i : rnd.nextInt(); // every table once, then random ones (only the low byte counts)
            int x = a[i];
            int y = b[i];
            int z = c[i];
            expected[8 * i] = (x & y) | (~x & z);
            expected[8 * i + 1] = (x & y) ^ (x & z) ^ (y & z);
            expected[8 * i + 2] = x ^ y ^ z;
            expected[8 * i + 3] = ~(x | y) & z;
            expected[8 * i + 4] = (x | ~y) ^ z;
            expected[8 * i + 5] = x & ~(y ^ z);
            expected[8 * i + 6] = truthTable(x, y, z, tt[i] & 0xff) ^ (x ^ y ^ z) ^ ((x & y) | (x & z) | (y & z));
            expected[8 * i + 7] = Integer.rotateRight(x, 7) ^ Integer.rotateRight(x, 18) ^ (x >>> 3);
        }
        try (KernelRunner r = new KernelRunner("isa_lop3")) {
            long dOut = r.allocate(32L * n);
            r.launch(
                    "lop3_mix",
                    Dim3.of(KernelRunner.blocksFor(n, 128)),
                    Dim3.of(128),
                    r.upload(a),
                    r.upload(b),
                    r.upload(c),
                    r.upload(tt),
                    dOut,
                    n);
            assertArrayEquals(expected, r.downloadInts(dOut, 8 * n));
        }
    }
}
