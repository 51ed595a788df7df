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
 * BACKP: the forward pass of the input layer and the weight update of one back-propagation step (Rodinia's
 * backprop; {@code div_backprop.cu}), 16x16 CTAs with a shared-memory tree reduction.
 */
public final class Backprop implements DivergenceWorkload {
    static final int HIDDEN = 16;
    static final float ETA = 0.3f;
    static final float MOMENTUM = 0.3f;

    @Override
    public String name() {
        return "BACKP";
    }

    @Override
    public String description() {
        return "layer forward pass with a shared-memory tree reduction and the weight update (Rodinia backprop)";
    }

    @Override
    public WorkloadSet set() {
        return WorkloadSet.COHERENT;
    }

    @Override
    public Verdict run(StudyDevice d, InputSize size, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int inputs = size.pick(256, 4096);
        int cols = HIDDEN + 1;
        float[] input = new float[inputs + 1];
        float[] weights = new float[(inputs + 1) * cols];
        float[] old = new float[weights.length];
        float[] delta = new float[cols];
        for (int i = 0; i < input.length; i++) {
            input[i] = (float) rnd.nextDouble();
        }
        for (int i = 0; i < weights.length; i++) {
            weights[i] = (float) (rnd.nextDouble() - 0.5);
            old[i] = (float) ((rnd.nextDouble() - 0.5) * 0.1);
        }
        for (int i = 0; i < cols; i++) {
            delta[i] = (float) ((rnd.nextDouble() - 0.5) * 0.2);
        }
        int blocks = inputs / 16;
        float[] partial = new float[blocks * HIDDEN];
        for (int by = 0; by < blocks; by++) {
            for (int tx = 0; tx < 16; tx++) {
                float[] m = new float[16];
                for (int ty = 0; ty < 16; ty++) {
                    int row = by * 16 + ty + 1;
                    m[ty] = weights[row * cols + tx + 1] * input[row];
                }
                for (int i = 1; i <= 4; i++) {
                    int p = 1 << i;
                    for (int ty = 0; ty < 16; ty += p) {
                        m[ty] = m[ty] + m[ty + p / 2];
                    }
                }
                partial[by * HIDDEN + tx] = m[0];
            }
        }
        float[] newWeights = weights.clone();
        float[] newOld = old.clone();
        for (int row = 1; row <= inputs; row++) {
            for (int col = 1; col <= HIDDEN; col++) {
                int idx = row * cols + col;
                float dw = (ETA * delta[col]) * input[row] + MOMENTUM * old[idx];
                newWeights[idx] = weights[idx] + dw;
                newOld[idx] = dw;
            }
        }
        PtxModule m = d.module("div_backprop");
        long din = d.upload(input);
        long dw = d.upload(weights);
        long dold = d.upload(old);
        long ddelta = d.upload(delta);
        long dpartial = d.zeros(4L * partial.length);
        Dim3 grid = Dim3.of(1, blocks);
        Dim3 block = Dim3.of(16, 16);
        d.launch(m, "bp_layer_forward", grid, block, din, dw, dpartial, HIDDEN);
        d.launch(
                m,
                "bp_adjust_weights",
                grid,
                block,
                ddelta,
                HIDDEN,
                din,
                dw,
                dold,
                Hotspot.f(ETA),
                Hotspot.f(MOMENTUM));
        return new Check()
                .floats("partial", partial, d.floats(dpartial, partial.length))
                .floats("weights", newWeights, d.floats(dw, weights.length))
                .floats("oldWeights", newOld, d.floats(dold, old.length))
                .verdict();
    }
}
