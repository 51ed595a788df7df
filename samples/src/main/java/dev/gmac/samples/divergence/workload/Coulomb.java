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

/** CP: the Coulombic potential on a 2D slice of a grid, every point summing over every atom ({@code div_cp.cu}). */
public final class Coulomb implements DivergenceWorkload {
    static final float SPACING = 0.5f;
    static final float Z = 2.0f;

    @Override
    public String name() {
        return "CP";
    }

    @Override
    public String description() {
        return "Coulombic potential of every atom at every point of a grid slice (Coulomb potential)";
    }

    @Override
    public WorkloadSet set() {
        return WorkloadSet.COHERENT;
    }

    @Override
    public Verdict run(StudyDevice d, InputSize size, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int width = size.pick(32, 96);
        int height = size.pick(16, 96);
        int atoms = size.pick(24, 40);
        float[] atom = new float[4 * atoms];
        for (int a = 0; a < atoms; a++) {
            atom[4 * a] = (float) (rnd.nextDouble() * width * SPACING);
            atom[4 * a + 1] = (float) (rnd.nextDouble() * height * SPACING);
            atom[4 * a + 2] = (float) (rnd.nextDouble() * 4 - 2 + Z + 0.25);
            atom[4 * a + 3] = (float) (rnd.nextDouble() * 2 - 1);
        }
        float[] expected = new float[width * height];
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                float px = (float) x * SPACING;
                float py = (float) y * SPACING;
                float sum = 0.0f;
                for (int a = 0; a < atoms; a++) {
                    float dx = px - atom[4 * a];
                    float dy = py - atom[4 * a + 1];
                    float dz = Z - atom[4 * a + 2];
                    float r2 = Math.fma(dz, dz, Math.fma(dy, dy, dx * dx));
                    sum = sum + atom[4 * a + 3] / (float) Math.sqrt(r2);
                }
                expected[y * width + x] = sum;
            }
        }
        PtxModule m = d.module("div_cp");
        long datoms = d.upload(atom);
        long energy = d.zeros(4L * width * height);
        d.launch(
                m,
                "cp_slice",
                Dim3.of(width / 16, height / 8),
                Dim3.of(16, 8),
                width,
                height,
                Hotspot.f(SPACING),
                Hotspot.f(Z),
                atoms,
                datoms,
                energy);
        return new Check()
                .floats("energy", expected, d.floats(energy, width * height))
                .verdict();
    }
}
