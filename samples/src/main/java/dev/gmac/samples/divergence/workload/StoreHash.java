package dev.gmac.samples.divergence.workload;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.ptx.PtxModule;
import dev.gmac.samples.divergence.Check;
import dev.gmac.samples.divergence.DivergenceWorkload;
import dev.gmac.samples.divergence.InputSize;
import dev.gmac.samples.divergence.StudyDevice;
import dev.gmac.samples.divergence.Verdict;
import dev.gmac.samples.divergence.WorkloadSet;
import java.util.SplittableRandom;

/** STO: a 128-bit digest of every 64-byte chunk of a buffer (StoreGPU's hashing; {@code div_storegpu.cu}). */
public final class StoreHash implements DivergenceWorkload {
    static final int BLOCK = 128;

    @Override
    public String name() {
        return "STO";
    }

    @Override
    public String description() {
        return "a 128-bit digest of every 64-byte chunk, MD5-style rounds (StoreGPU)";
    }

    @Override
    public WorkloadSet set() {
        return WorkloadSet.COHERENT;
    }

    static int[] digest(int[] data, int c) {
        int a = 0x67452301;
        int b = 0xefcdab89;
        int d0 = 0x98badcfe;
        int e = 0x10325476;
        for (int i = 0; i < 64; i++) {
            int f;
            int g;
            if (i < 16) {
                f = (b & d0) | (~b & e);
                g = i;
            } else if (i < 32) {
                f = (e & b) | (~e & d0);
                g = (5 * i + 1) & 15;
            } else if (i < 48) {
                f = b ^ d0 ^ e;
                g = (3 * i + 5) & 15;
            } else {
                f = d0 ^ (b | ~e);
                g = (7 * i) & 15;
            }
            int k = 0x5a827999 * (i + 1);
            int t = e;
            e = d0;
            d0 = b;
            b = b + Integer.rotateLeft(a + f + k + data[16 * c + g], (i & 3) * 5 + 7);
            a = t;
        }
        return new int[] {a + 0x67452301, b + 0xefcdab89, d0 + 0x98badcfe, e + 0x10325476};
    }

    @Override
    public Verdict run(StudyDevice d, InputSize size, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int chunks = size.pick(512, 4096);
        int[] data = new int[16 * chunks];
        for (int i = 0; i < data.length; i++) {
            data[i] = rnd.nextInt();
        }
        int[] expected = new int[4 * chunks];
        for (int c = 0; c < chunks; c++) {
            System.arraycopy(digest(data, c), 0, expected, 4 * c, 4);
        }
        PtxModule m = d.module("div_storegpu");
        long ddata = d.upload(data);
        long out = d.zeros(16L * chunks);
        d.launch(m, "store_hash", Dim3.of((chunks + BLOCK - 1) / BLOCK), Dim3.of(BLOCK), ddata, chunks, out);
        return new Check().ints("digest", expected, d.ints(out, 4 * chunks)).verdict();
    }
}
