package dev.gmac.samples.study.workload;

import java.util.SplittableRandom;

/** Input generation shared by the two MRI workloads. */
final class MriInputs {
    /** The float constant the kernels use for 2 pi. */
    static final float TWO_PI = 6.2831853f;

    private MriInputs() {}

    /** {@code n} values drawn uniformly from [-bound, bound). */
    static float[] randomArray(SplittableRandom random, int n, double bound) {
        float[] values = new float[n];
        for (int i = 0; i < n; i++) {
            values[i] = (float) random.nextDouble(-bound, bound);
        }
        return values;
    }
}
