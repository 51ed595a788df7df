package dev.gmac.gpu.tm.local;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.LaunchOptions;
import dev.gmac.gpu.exec.KernelLaunch;
import dev.gmac.gpu.exec.TestDevice;
import dev.gmac.gpu.ptx.PtxModule;
import dev.gmac.gpu.timing.TimingSimulator;
import dev.gmac.gpu.timing.config.TimingPresets;
import dev.gmac.gpu.timing.functional.TimedLaunch;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs one version of a GPU-LocalTM workload kernel (64-lane wavefronts) whose last parameter is its output, on the
 * functional model or under a timing preset, and reads the output back.
 */
final class WorkloadLaunch {
    private WorkloadLaunch() {}

    /**
     * Launches {@code kernel(inputs..., out)} on {@code groups} work-groups of {@code threads} with {@code shared}
     * bytes of dynamic shared memory; returns {@code groups * words} ints of {@code out}. {@code prepared}, when not
     * null, receives the launch (to read its TM model afterwards).
     */
    static int[] run(
            TestDevice dev,
            PtxModule m,
            String kernel,
            String tm,
            String div,
            String preset,
            int groups,
            int threads,
            int words,
            int shared,
            long[] inputs,
            AtomicReference<KernelLaunch> prepared) {
        long out = dev.zeros(4L * groups * words);
        long[] args = Arrays.copyOf(inputs, inputs.length + 1);
        args[inputs.length] = out;
        LaunchOptions o = new LaunchOptions(64, div, tm);
        if (preset == null) {
            KernelLaunch l = dev.gpu().prepare(m, kernel, Dim3.of(groups), Dim3.of(threads), shared, o, args);
            if (prepared != null) {
                prepared.set(l);
            }
            l.run();
        } else {
            TimedLaunch.run(
                    dev.gpu(),
                    new TimingSimulator(TimingPresets.load(preset)),
                    0,
                    TimedLaunch.DEFAULT_CYCLE_LIMIT,
                    m,
                    kernel,
                    Dim3.of(groups),
                    Dim3.of(threads),
                    shared,
                    o,
                    l -> {
                        if (prepared != null) {
                            prepared.set(l);
                        }
                    },
                    args);
        }
        return dev.readInts(out, groups * words);
    }
}
