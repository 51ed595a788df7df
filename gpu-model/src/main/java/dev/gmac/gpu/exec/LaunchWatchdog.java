package dev.gmac.gpu.exec;

import dev.gmac.gpu.GpuConfig;

/**
 * Stops kernels that do not terminate, with three budgets of one launch (all in {@link GpuConfig}), so that no
 * kernel runs forever without a word:
 *
 * <ul>
 *   <li><b>no progress</b> ({@link GpuConfig#watchdogWarpSteps()}): warp instructions since memory last changed, a
 *       barrier released or a thread finished: a spin lock whose holder cannot run, a loop storing the values
 *       already in memory;
 *   <li><b>stall</b> ({@link GpuConfig#stallWarpSteps()}, and in wall time {@link GpuConfig#stallMillis()}): warp
 *       instructions or milliseconds since a thread last finished: loops that change memory forever, such as one
 *       that only increments a counter or passes a barrier;
 *   <li><b>launch budget</b> ({@link GpuConfig#maxWarpInstructions()} warp instructions, {@link
 *       GpuConfig#maxWallMillis()} of wall time).
 * </ul>
 *
 * The instruction counts are deterministic; the wall-clock limits (read every 1024 checks) make sure that loops
 * whose instructions are slow to simulate stop within about half a minute on any machine.
 */
final class LaunchWatchdog {
    private static final String ENDLESS = "a loop that never ends, for example one that only increments a counter or"
            + " passes a barrier; raise the budget if the kernel is meant to run this long";

    private final GpuConfig config;
    private long sinceProgress;
    private long sinceExit;
    private long total;
    private long lastExited;
    private long startNanos;
    private long exitNanos;
    private int checks;
    private static final long MIN_STALL_STEPS = 1L << 22;

    /**
     * Warp instructions with no thread finishing after which stores count as progress only when they change memory.
     * Before that every store counts, so kernels whose threads keep finishing pay nothing for the comparison; a loop
     * storing the values already in memory is caught {@link GpuConfig#watchdogWarpSteps()} instructions later.
     */
    static final long COMPARE_STORES_AFTER = 1L << 16;

    LaunchWatchdog(GpuConfig config) {
        this.config = config;
    }

    /** Whether stores must change memory to count as progress (see {@link #COMPARE_STORES_AFTER}). */
    boolean comparesStores() {
        return sinceExit > COMPARE_STORES_AFTER;
    }

    void start() {
        startNanos = System.nanoTime();
        exitNanos = startNanos;
    }

    /**
     * {@code issued} warp instructions ran; {@code progressed} when memory changed, a barrier released or a thread
     * finished meanwhile, {@code exited} the launch's finished threads so far. Returns why the launch must stop,
     * or null.
     */
    String check(int issued, boolean progressed, long exited) {
        total += issued;
        boolean clock = (++checks & 1023) == 0;
        if (exited != lastExited) {
            lastExited = exited;
            sinceExit = 0;
            sinceProgress = 0;
            exitNanos = 0;
        } else {
            sinceExit += issued;
            sinceProgress = progressed ? 0 : sinceProgress + issued;
        }
        if (sinceProgress > config.watchdogWarpSteps()) {
            return "no progress for " + sinceProgress + " warp instructions (GpuConfig.watchdogWarpSteps = "
                    + config.watchdogWarpSteps() + "): livelock, for example a spin lock whose holder is masked off"
                    + " by the SIMT stack, or a loop that stores the values already in memory";
        }
        if (sinceExit > config.stallWarpSteps()) {
            return "no thread finished for " + sinceExit + " warp instructions (GpuConfig.stallWarpSteps = "
                    + config.stallWarpSteps() + ", setting gmac.gpu.stallSteps): " + ENDLESS;
        }
        if (clock) {
            long now = System.nanoTime();
            if (exitNanos == 0) {
                exitNanos = now; // the first clock reading after a thread finished
            } else if (sinceExit > MIN_STALL_STEPS && (now - exitNanos) / 1_000_000 > config.stallMillis()) {
                return "no thread finished for " + (now - exitNanos) / 1_000_000 + " ms and " + sinceExit
                        + " warp instructions (GpuConfig.stallMillis = " + config.stallMillis()
                        + ", setting gmac.gpu.stallSeconds): " + ENDLESS;
            }
        }
        if (total > config.maxWarpInstructions()) {
            return "the launch used its budget of " + config.maxWarpInstructions()
                    + " warp instructions (GpuConfig.maxWarpInstructions, setting gmac.gpu.maxInstructions)";
        }
        if (clock) {
            long ms = (System.nanoTime() - startNanos) / 1_000_000;
            if (ms > config.maxWallMillis()) {
                return "the launch ran " + ms + " ms, past its wall-clock budget of " + config.maxWallMillis()
                        + " ms (GpuConfig.maxWallMillis, setting gmac.gpu.maxSeconds)";
            }
        }
        return null;
    }
}
