package dev.gmac.samples.tmstudy.workload;

import dev.gmac.samples.tmstudy.TmMachine;
import dev.gmac.samples.tmstudy.TmScale;
import dev.gmac.samples.tmstudy.TmWorkload;
import dev.gmac.samples.tmstudy.WorkloadException;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * CL and CLto (Fung thesis §4.3 and §6.6): one pass of a cloth simulation's distance solver over every distance
 * constraint at once. Our cloth is 15 rectangular patches of 33 x 32 particles (the thesis simulates T-shirts of
 * about 4000 constraints each) with structural and shear constraints: 60465 constraints at full scale (the thesis's
 * run committed 60200), run by 118 blocks of 512 threads. Particles start on a grid with random out-of-plane
 * jitter; the tolerance is chosen so that 40% of the constraints are already satisfied, which makes their
 * transactions read-only (the thesis reports about 40% for CL and CLto). CLto loads each constraint before its
 * transaction. Checked: every particle is finite and keeps its inverse mass.
 */
public final class Cloth implements TmWorkload {
    private static final int PATCHES = 15;
    private static final int W = 33;
    private static final int H = 32;
    private static final int BLOCK = 512;
    private static final double READ_ONLY_SHARE = 0.4;

    private final boolean registers;

    private Cloth(boolean registers) {
        this.registers = registers;
    }

    /** CL: the constraint is read inside the transaction. */
    public static Cloth cl() {
        return new Cloth(false);
    }

    /** CLto: the constraint is loaded into registers before the transaction. */
    public static Cloth clto() {
        return new Cloth(true);
    }

    @Override
    public String name() {
        return registers ? "CLto" : "CL";
    }

    @Override
    public String description() {
        return "cloth distance solver, " + PATCHES * constraintsPerPatch() + " constraints at full scale"
                + (registers ? ", constraints in registers" : "");
    }

    private static int constraintsPerPatch() {
        return (W - 1) * H + W * (H - 1) + 2 * (W - 1) * (H - 1);
    }

    @Override
    public Instance instance(TmScale scale, long seed) {
        int patches = scale.of(PATCHES * 8, 8) / 8;
        int particles = patches * W * H;
        SplittableRandom rnd = new SplittableRandom(seed ^ 0x434cL);
        float[] pos = new float[4 * particles];
        for (int p = 0; p < patches; p++) {
            for (int y = 0; y < H; y++) {
                for (int x = 0; x < W; x++) {
                    int i = (p * H + y) * W + x;
                    pos[4 * i] = 40f * p + x;
                    pos[4 * i + 1] = y;
                    pos[4 * i + 2] = (float) (rnd.nextDouble() - 0.5) * 0.6f;
                    pos[4 * i + 3] = 1f;
                }
            }
        }
        int n = patches * constraintsPerPatch();
        int[] cons = new int[4 * n];
        double[] error = new double[n];
        int c = 0;
        for (int p = 0; p < patches; p++) {
            for (int y = 0; y < H; y++) {
                for (int x = 0; x < W; x++) {
                    int i = (p * H + y) * W + x;
                    if (x + 1 < W) {
                        c = add(cons, error, pos, c, i, i + 1, 1f);
                    }
                    if (y + 1 < H) {
                        c = add(cons, error, pos, c, i, i + W, 1f);
                    }
                    if (x + 1 < W && y + 1 < H) {
                        c = add(cons, error, pos, c, i, i + W + 1, (float) Math.sqrt(2));
                        c = add(cons, error, pos, c, i + 1, i + W, (float) Math.sqrt(2));
                    }
                }
            }
        }
        double[] sorted = error.clone();
        Arrays.sort(sorted);
        float tolerance = (float) sorted[(int) (READ_ONLY_SHARE * (n - 1))];
        int grid = Math.min((n + BLOCK - 1) / BLOCK, scale.of(118, 1));
        return new Instance() {
            @Override
            public String size() {
                return n + " constraints over " + particles + " particles";
            }

            @Override
            public long expectedCommits() {
                return n;
            }

            @Override
            public void run(TmMachine m, String mode) {
                long p = m.floats(pos);
                long k = m.ints(cons);
                int tol = Float.floatToRawIntBits(tolerance);
                if (mode.equals(FGL)) {
                    long locks = m.fill(particles, 0);
                    m.launch("tm_cloth", "cloth_solve_fgl", grid, BLOCK, null, p, k, locks, tol, n);
                } else {
                    String kernel = registers ? "cloth_solve_tm_to" : "cloth_solve_tm";
                    m.launch("tm_cloth", kernel, grid, BLOCK, mode, p, k, tol, n);
                }
                float[] fin = m.readFloats(p, 4 * particles);
                for (int i = 0; i < particles; i++) {
                    for (int j = 0; j < 3; j++) {
                        if (!Float.isFinite(fin[4 * i + j])) {
                            throw new WorkloadException(name() + ": particle " + i + " is not finite");
                        }
                    }
                    if (fin[4 * i + 3] != 1f) {
                        throw new WorkloadException(name() + ": particle " + i + " lost its inverse mass");
                    }
                }
            }
        };
    }

    private static int add(int[] cons, double[] error, float[] pos, int c, int a, int b, float rest) {
        cons[4 * c] = a;
        cons[4 * c + 1] = b;
        cons[4 * c + 2] = Float.floatToRawIntBits(rest);
        double dx = pos[4 * b] - pos[4 * a];
        double dy = pos[4 * b + 1] - pos[4 * a + 1];
        double dz = pos[4 * b + 2] - pos[4 * a + 2];
        error[c] = Math.abs(Math.sqrt(dx * dx + dy * dy + dz * dz) - rest) / rest;
        return c + 1;
    }
}
