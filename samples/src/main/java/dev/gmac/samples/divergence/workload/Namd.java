package dev.gmac.samples.divergence.workload;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.ptx.PtxModule;
import dev.gmac.samples.divergence.Check;
import dev.gmac.samples.divergence.DivergenceWorkload;
import dev.gmac.samples.divergence.InputSize;
import dev.gmac.samples.divergence.StudyDevice;
import dev.gmac.samples.divergence.Verdict;
import dev.gmac.samples.divergence.WorkloadSet;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * NAMD: non-bonded forces over pair lists with a cutoff (NAMD's pair loop; {@code div_namd.cu}). Atoms sit on a
 * jittered lattice; the pair lists reach a margin beyond the cutoff, so about half of each list's pairs are
 * skipped, a different half for each thread.
 */
public final class Namd implements DivergenceWorkload {
    static final int BLOCK = 64;
    static final float CUTOFF = 2.4f;
    static final float LIST_RADIUS = 3.0f;
    static final float A = 0.5f;
    static final float B = 1.0f;

    @Override
    public String name() {
        return "NAMD";
    }

    @Override
    public String description() {
        return "non-bonded pair forces with a cutoff over pair lists (NAMD)";
    }

    @Override
    public WorkloadSet set() {
        return WorkloadSet.DIVERGENT;
    }

    @Override
    public Verdict run(StudyDevice d, InputSize size, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int side = size.pick(10, 19);
        int atoms = side * side * side;
        float[] pos = new float[4 * atoms];
        int a = 0;
        for (int x = 0; x < side; x++) {
            for (int y = 0; y < side; y++) {
                for (int z = 0; z < side; z++) {
                    pos[4 * a] = (float) (x * 1.2 + rnd.nextDouble() * 0.5);
                    pos[4 * a + 1] = (float) (y * 1.2 + rnd.nextDouble() * 0.5);
                    pos[4 * a + 2] = (float) (z * 1.2 + rnd.nextDouble() * 0.5);
                    pos[4 * a + 3] = rnd.nextBoolean() ? 0.5f : -0.5f;
                    a++;
                }
            }
        }
        // shuffle the atoms so that neighbouring threads hold unrelated atoms, as a real molecule's order would
        for (int i = atoms - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            for (int k = 0; k < 4; k++) {
                float t = pos[4 * i + k];
                pos[4 * i + k] = pos[4 * j + k];
                pos[4 * j + k] = t;
            }
        }
        int[] start = new int[atoms + 1];
        List<Integer> list = new ArrayList<>();
        float r2list = LIST_RADIUS * LIST_RADIUS;
        for (int i = 0; i < atoms; i++) {
            for (int j = 0; j < atoms; j++) {
                if (i != j && dist2(pos, i, j) < r2list) {
                    list.add(j);
                }
            }
            start[i + 1] = list.size();
        }
        int[] pairs = list.stream().mapToInt(Integer::intValue).toArray();
        float cutoff2 = CUTOFF * CUTOFF;
        float[] expected = new float[4 * atoms];
        for (int i = 0; i < atoms; i++) {
            float fx = 0;
            float fy = 0;
            float fz = 0;
            float energy = 0;
            for (int k = start[i]; k < start[i + 1]; k++) {
                int j = pairs[k];
                float dx = pos[4 * i] - pos[4 * j];
                float dy = pos[4 * i + 1] - pos[4 * j + 1];
                float dz = pos[4 * i + 2] - pos[4 * j + 2];
                float r2 = Math.fma(dz, dz, Math.fma(dy, dy, dx * dx));
                if (r2 < cutoff2) {
                    float inv2 = 1.0f / r2;
                    float inv6 = (inv2 * inv2) * inv2;
                    float lj = inv6 * (A * inv6 - B);
                    float qq = pos[4 * i + 3] * pos[4 * j + 3];
                    float coulomb = qq * (float) Math.sqrt(inv2);
                    float s = (12.0f * lj + coulomb) * inv2;
                    fx = Math.fma(dx, s, fx);
                    fy = Math.fma(dy, s, fy);
                    fz = Math.fma(dz, s, fz);
                    energy = energy + (lj + coulomb);
                }
            }
            expected[4 * i] = fx;
            expected[4 * i + 1] = fy;
            expected[4 * i + 2] = fz;
            expected[4 * i + 3] = energy;
        }
        PtxModule m = d.module("div_namd");
        long dpos = d.upload(pos);
        long dstart = d.upload(start);
        long dlist = d.upload(pairs);
        long force = d.zeros(16L * atoms);
        d.launch(
                m,
                "namd_pairs",
                Dim3.of((atoms + BLOCK - 1) / BLOCK),
                Dim3.of(BLOCK),
                dpos,
                dstart,
                dlist,
                atoms,
                Hotspot.f(cutoff2),
                Hotspot.f(A),
                Hotspot.f(B),
                force);
        return new Check().floats("force", expected, d.floats(force, 4 * atoms)).verdict();
    }

    private static float dist2(float[] p, int i, int j) {
        float dx = p[4 * i] - p[4 * j];
        float dy = p[4 * i + 1] - p[4 * j + 1];
        float dz = p[4 * i + 2] - p[4 * j + 2];
        return dx * dx + dy * dy + dz * dz;
    }
}
