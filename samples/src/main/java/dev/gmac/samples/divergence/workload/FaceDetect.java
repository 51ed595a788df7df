package dev.gmac.samples.divergence.workload;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.ptx.PtxModule;
import dev.gmac.samples.divergence.Check;
import dev.gmac.samples.divergence.DivergenceWorkload;
import dev.gmac.samples.divergence.InputSize;
import dev.gmac.samples.divergence.StudyDevice;
import dev.gmac.samples.divergence.Verdict;
import dev.gmac.samples.divergence.WorkloadSet;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * FCDT: a Viola-Jones style detection cascade over every window of an image (the thesis's face detection;
 * {@code div_facedetect.cu}). Stage thresholds are set from the data so that each stage rejects about 40% of the
 * windows that reached it: most threads stop early, a few evaluate all stages.
 */
public final class FaceDetect implements DivergenceWorkload {
    static final int WINDOW = 24;
    static final int STEP = 2;
    static final int STAGES = 10;

    @Override
    public String name() {
        return "FCDT";
    }

    @Override
    public String description() {
        return "a detection cascade over every window of an image, stopping at the first failed stage (face detection)";
    }

    @Override
    public WorkloadSet set() {
        return WorkloadSet.DIVERGENT;
    }

    private static int rectSum(int[] ii, int stride, int x, int y, int w, int h) {
        return ii[(y + h) * stride + x + w] - ii[y * stride + x + w] - ii[(y + h) * stride + x] + ii[y * stride + x];
    }

    private static int vote(int[] ii, int stride, int x, int y, int[] f, int from, int to) {
        int vote = 0;
        for (int k = from; k < to; k++) {
            int o = 10 * k;
            int v = rectSum(ii, stride, x + f[o], y + f[o + 1], f[o + 2], f[o + 3])
                    - 2 * rectSum(ii, stride, x + f[o + 4], y + f[o + 5], f[o + 6], f[o + 7]);
            vote += v > f[o + 8] ? f[o + 9] : -f[o + 9];
        }
        return vote;
    }

    @Override
    public Verdict run(StudyDevice d, InputSize size, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int width = size.pick(88, 232);
        int height = size.pick(56, 250);
        int[] image = new int[width * height];
        for (int b = 0; b < 40; b++) { // bright and dark blobs on noise
            int cx = rnd.nextInt(width);
            int cy = rnd.nextInt(height);
            int r = 3 + rnd.nextInt(10);
            int v = rnd.nextInt(200) - 100;
            for (int y = Math.max(0, cy - r); y < Math.min(height, cy + r); y++) {
                for (int x = Math.max(0, cx - r); x < Math.min(width, cx + r); x++) {
                    image[y * width + x] += v;
                }
            }
        }
        for (int i = 0; i < image.length; i++) {
            image[i] += 128 + rnd.nextInt(32);
        }
        int stride = width + 1;
        int[] ii = new int[stride * (height + 1)];
        for (int y = 0; y < height; y++) {
            int row = 0;
            for (int x = 0; x < width; x++) {
                row += image[y * width + x];
                ii[(y + 1) * stride + x + 1] = ii[y * stride + x + 1] + row;
            }
        }
        int[] stageFirst = new int[STAGES + 1];
        for (int s = 0; s < STAGES; s++) {
            stageFirst[s + 1] = stageFirst[s] + 2 + s;
        }
        int features = stageFirst[STAGES];
        int[] f = new int[10 * features];
        for (int k = 0; k < features; k++) {
            int w0 = 2 + rnd.nextInt(10);
            int h0 = 2 + rnd.nextInt(10);
            int x0 = rnd.nextInt(WINDOW - w0);
            int y0 = rnd.nextInt(WINDOW - h0);
            int w1 = 1 + rnd.nextInt(w0);
            int h1 = 1 + rnd.nextInt(h0);
            f[10 * k] = x0;
            f[10 * k + 1] = y0;
            f[10 * k + 2] = w0;
            f[10 * k + 3] = h0;
            f[10 * k + 4] = x0 + rnd.nextInt(w0 - w1 + 1);
            f[10 * k + 5] = y0 + rnd.nextInt(h0 - h1 + 1);
            f[10 * k + 6] = w1;
            f[10 * k + 7] = h1;
            f[10 * k + 8] = (w0 * h0 - 2 * w1 * h1) * (120 + rnd.nextInt(40));
            f[10 * k + 9] = 1 + rnd.nextInt(100); // weights spread enough that few windows tie on a vote
        }
        int perRow = (width - WINDOW) / STEP + 1;
        int rows = (height - WINDOW) / STEP + 1;
        int windows = perRow * rows;
        int[] thresholds = new int[STAGES];
        boolean[] alive = new boolean[windows];
        Arrays.fill(alive, true);
        int[] passed = new int[windows];
        for (int s = 0; s < STAGES; s++) {
            int[] votes = new int[windows];
            int n = 0;
            for (int w = 0; w < windows; w++) {
                if (alive[w]) {
                    votes[n++] = vote(
                            ii, stride, (w % perRow) * STEP, (w / perRow) * STEP, f, stageFirst[s], stageFirst[s + 1]);
                }
            }
            int[] sorted = Arrays.copyOf(votes, n);
            Arrays.sort(sorted);
            thresholds[s] = n == 0 ? 0 : sorted[(int) (n * 0.4)]; // about 40% of the survivors fail (ties pass)
            int k = 0;
            for (int w = 0; w < windows; w++) {
                if (alive[w]) {
                    if (votes[k++] < thresholds[s]) {
                        alive[w] = false;
                    } else {
                        passed[w]++;
                    }
                }
            }
        }
        PtxModule m = d.module("div_facedetect");
        long dii = d.upload(ii);
        long dfirst = d.upload(stageFirst);
        long dthr = d.upload(thresholds);
        long dfeat = d.upload(f);
        long out = d.zeros(4L * windows);
        d.launch(
                m,
                "cascade_detect",
                Dim3.of((perRow + 31) / 32, (rows + 5) / 6),
                Dim3.of(32, 6),
                dii,
                width,
                height,
                WINDOW,
                STEP,
                dfirst,
                dthr,
                STAGES,
                dfeat,
                out);
        return new Check().ints("stagesPassed", passed, d.ints(out, windows)).verdict();
    }
}
