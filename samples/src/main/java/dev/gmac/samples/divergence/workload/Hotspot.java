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
 * HOTSP: thermal simulation of a chip's temperature grid, several time steps per launch in shared memory with a
 * shrinking valid region (Rodinia's hotspot; {@code div_hotspot.cu}). The reference iterates the plain stencil
 * over the whole grid, a missing neighbour at the border replaced by the cell itself.
 */
public final class Hotspot implements DivergenceWorkload {
    static final int BS = 16;
    static final int STEPS = 2;
    static final int LAUNCHES = 2;
    static final float CAP = 0.5f;
    static final float RX = 0.1f;
    static final float RY = 0.1f;
    static final float RZ = 0.05f;
    static final float AMBIENT = 80.0f;

    @Override
    public String name() {
        return "HOTSP";
    }

    @Override
    public String description() {
        return "thermal stencil, several steps per launch in a shrinking shared-memory tile (Rodinia HotSpot)";
    }

    @Override
    public WorkloadSet set() {
        return WorkloadSet.DIVERGENT;
    }

    static float[] reference(float[] temp, float[] power, int cols, int rows, int steps) {
        float[] t = temp.clone();
        float step = 1.0f / CAP;
        for (int k = 0; k < steps; k++) {
            float[] next = new float[t.length];
            for (int y = 0; y < rows; y++) {
                for (int x = 0; x < cols; x++) {
                    float c = t[y * cols + x];
                    float north = t[(y > 0 ? y - 1 : y) * cols + x];
                    float south = t[(y < rows - 1 ? y + 1 : y) * cols + x];
                    float west = t[y * cols + (x > 0 ? x - 1 : x)];
                    float east = t[y * cols + (x < cols - 1 ? x + 1 : x)];
                    float ns = ((south + north) - 2.0f * c) * RY;
                    float we = ((east + west) - 2.0f * c) * RX;
                    float am = (AMBIENT - c) * RZ;
                    float dd = ((power[y * cols + x] + ns) + we) + am;
                    next[y * cols + x] = c + step * dd;
                }
            }
            t = next;
        }
        return t;
    }

    @Override
    public Verdict run(StudyDevice d, InputSize size, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int cols = size.pick(60, 120);
        int rows = size.pick(44, 120);
        float[] temp = new float[cols * rows];
        float[] power = new float[cols * rows];
        for (int i = 0; i < temp.length; i++) {
            temp[i] = (float) (60 + rnd.nextDouble() * 40);
            power[i] = (float) (rnd.nextDouble() * 2);
        }
        PtxModule m = d.module("div_hotspot");
        long dpower = d.upload(power);
        long a = d.upload(temp);
        long b = d.zeros(4L * temp.length);
        int inner = BS - 2 * STEPS;
        Dim3 grid = Dim3.of((cols + inner - 1) / inner, (rows + inner - 1) / inner);
        for (int l = 0; l < LAUNCHES; l++) {
            d.launch(
                    m,
                    "hotspot_step",
                    grid,
                    Dim3.of(BS, BS),
                    dpower,
                    a,
                    b,
                    cols,
                    rows,
                    STEPS,
                    f(CAP),
                    f(RX),
                    f(RY),
                    f(RZ),
                    f(AMBIENT));
            long t = a;
            a = b;
            b = t;
        }
        return new Check()
                .floats("temperature", reference(temp, power, cols, rows, STEPS * LAUNCHES), d.floats(a, temp.length))
                .verdict();
    }

    static long f(float v) {
        return Float.floatToRawIntBits(v) & 0xFFFFFFFFL;
    }
}
