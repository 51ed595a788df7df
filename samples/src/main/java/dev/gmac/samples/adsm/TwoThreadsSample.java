package dev.gmac.samples.adsm;

import dev.gmac.api.Adsm;
import dev.gmac.api.CudaStyle;
import dev.gmac.api.DeviceBuffer;
import dev.gmac.api.Dim3;
import dev.gmac.api.FloatView;
import dev.gmac.api.PtxKernel;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Two host threads on one runtime (issue 14's execution contexts): each thread owns a buffer, and every round
 * writes one element, calls {@code add_one} over its buffer, syncs and reads the element back. Each thread's calls
 * release and acquire only its own buffer, so neither loses the other's writes.
 */
final class TwoThreadsSample implements AdsmSample {
    static final int N = 1 << 14;
    static final int ROUNDS = 64;
    static final int THREADS = 2;

    @Override
    public String name() {
        return "two-threads";
    }

    private static float written(int thread, int round) {
        return 1000f * (thread + 1) + round;
    }

    private static int index(int round) {
        return (round * 613) % N;
    }

    private interface Worker {
        float[] run(int thread) throws Exception;
    }

    private static float[] onThreads(Worker worker) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            Future<?>[] futures = new Future<?>[THREADS];
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                futures[t] = pool.submit((Callable<float[]>) () -> worker.run(thread));
            }
            float[] all = new float[THREADS * ROUNDS];
            for (int t = 0; t < THREADS; t++) {
                float[] mine = (float[]) futures[t].get();
                System.arraycopy(mine, 0, all, t * ROUNDS, ROUNDS);
            }
            return all;
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdown();
        }
    }

    @Override
    public float[] runAdsm(Adsm adsm, Path scratch) throws InterruptedException {
        PtxKernel addOne = adsm.kernelResource("/ptx/adsm_samples.ptx", "add_one");
        return onThreads(thread -> {
            FloatView data = adsm.allocFloats(N); // owned by this thread's context
            float[] seen = new float[ROUNDS];
            for (int round = 0; round < ROUNDS; round++) {
                int i = index(round);
                data.set(i, written(thread, round));
                adsm.adsmCall(addOne, Dim3.of(N / 256), Dim3.of(256), data, N);
                adsm.adsmSync();
                seen[round] = data.get(i);
            }
            adsm.adsmFree(data.buffer());
            return seen;
        });
    }

    @Override
    public float[] runExplicit(CudaStyle cuda, Path scratch) throws InterruptedException {
        PtxKernel addOne = cuda.kernelResource("/ptx/adsm_samples.ptx", "add_one");
        return onThreads(thread -> {
            DeviceBuffer data = cuda.malloc(4L * N);
            float[] one = new float[1];
            float[] seen = new float[ROUNDS];
            for (int round = 0; round < ROUNDS; round++) {
                int i = index(round);
                one[0] = written(thread, round);
                cuda.copyToDevice(data, 4L * i, one, 0, 1);
                cuda.launch(addOne, Dim3.of(N / 256), Dim3.of(256), data, N);
                cuda.copyToHost(data, 4L * i, seen, round, 1);
            }
            cuda.free(data);
            return seen;
        });
    }

    @Override
    public float[] expected() {
        float[] all = new float[THREADS * ROUNDS];
        for (int t = 0; t < THREADS; t++) {
            for (int round = 0; round < ROUNDS; round++) {
                all[t * ROUNDS + round] = written(t, round) + 1f;
            }
        }
        return all;
    }
}
