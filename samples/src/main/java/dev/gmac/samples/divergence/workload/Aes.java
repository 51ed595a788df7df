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

/**
 * AES: ten table-driven rounds per 16-byte block with the tables in shared memory (the GPGPU-Sim benchmarks' AES;
 * {@code div_aes.cu}); the tables and round keys are generated data.
 */
public final class Aes implements DivergenceWorkload {
    static final int BLOCK = 256;

    @Override
    public String name() {
        return "AES";
    }

    @Override
    public String description() {
        return "ten table-driven rounds per 16-byte block, tables in shared memory (AES)";
    }

    @Override
    public WorkloadSet set() {
        return WorkloadSet.COHERENT;
    }

    @Override
    public Verdict run(StudyDevice d, InputSize size, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int[] tables = new int[1024];
        for (int i = 0; i < tables.length; i++) {
            tables[i] = rnd.nextInt();
        }
        int[] keys = new int[44];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = rnd.nextInt();
        }
        int blocks = size.pick(1024, 12288);
        int[] in = new int[4 * blocks];
        for (int i = 0; i < in.length; i++) {
            in[i] = rnd.nextInt();
        }
        int[] expected = new int[4 * blocks];
        for (int b = 0; b < blocks; b++) {
            int s0 = in[4 * b] ^ keys[0];
            int s1 = in[4 * b + 1] ^ keys[1];
            int s2 = in[4 * b + 2] ^ keys[2];
            int s3 = in[4 * b + 3] ^ keys[3];
            for (int r = 1; r <= 10; r++) {
                int t0 = t(tables, 0, s0)
                        ^ t(tables, 1, s1 >>> 8)
                        ^ t(tables, 2, s2 >>> 16)
                        ^ t(tables, 3, s3 >>> 24)
                        ^ keys[4 * r];
                int t1 = t(tables, 0, s1)
                        ^ t(tables, 1, s2 >>> 8)
                        ^ t(tables, 2, s3 >>> 16)
                        ^ t(tables, 3, s0 >>> 24)
                        ^ keys[4 * r + 1];
                int t2 = t(tables, 0, s2)
                        ^ t(tables, 1, s3 >>> 8)
                        ^ t(tables, 2, s0 >>> 16)
                        ^ t(tables, 3, s1 >>> 24)
                        ^ keys[4 * r + 2];
                int t3 = t(tables, 0, s3)
                        ^ t(tables, 1, s0 >>> 8)
                        ^ t(tables, 2, s1 >>> 16)
                        ^ t(tables, 3, s2 >>> 24)
                        ^ keys[4 * r + 3];
                s0 = t0;
                s1 = t1;
                s2 = t2;
                s3 = t3;
            }
            expected[4 * b] = s0;
            expected[4 * b + 1] = s1;
            expected[4 * b + 2] = s2;
            expected[4 * b + 3] = s3;
        }
        PtxModule m = d.module("div_aes");
        long dt = d.upload(tables);
        long dk = d.upload(keys);
        long din = d.upload(in);
        long out = d.zeros(16L * blocks);
        d.launch(m, "aes_rounds", Dim3.of((blocks + BLOCK - 1) / BLOCK), Dim3.of(BLOCK), dt, dk, din, out, blocks);
        return new Check().ints("cipher", expected, d.ints(out, 4 * blocks)).verdict();
    }

    private static int t(int[] tables, int table, int index) {
        return tables[256 * table + (index & 255)];
    }
}
