package dev.gmac.gpu;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one kernel launch did, counted by the functional model. Immutable.
 *
 * <ul>
 *   <li>{@link #warpInstructions()}: warp instructions issued (one per instruction per warp, whatever its mask);
 *   <li>{@link #threadInstructions()}: the sum over issued warp instructions of the lanes active on the SIMT
 *       stack (predicated-off lanes count: they occupy a SIMD lane);
 *   <li>{@link #simdEfficiency()}: thread instructions / (warp size × warp instructions), the average fraction of
 *       SIMD lanes doing work (Fung thesis §3.1);
 *   <li>{@link #divergentBranches()}: branches at which the lanes of a warp went more than one way;
 *   <li>{@link #maxStackDepth()}: the deepest SIMT stack of any warp (1 = never diverged nor called);
 *   <li>{@link #atomics()}: atomic operations performed by threads ({@code atom} and {@code red}, one per active
 *       lane);
 *   <li>{@link #barriers()}: barrier instructions issued by warps ({@code bar.sync}, {@code bar.arrive}, ...);
 *   <li>{@link #fences()}: memory fences issued by warps ({@code membar}, {@code fence});
 *   <li>{@link #warpSize()}, {@link #divergence()}, {@link #tm()}: the launch's warp width, divergence model and
 *       transactional-memory model (null for none);
 *   <li>{@link #txCommitted()}, {@link #txAborted()}: transactions committed and aborted, one per lane and attempt
 *       (a lane that aborts twice and then commits counts two aborts and one commit).
 * </ul>
 *
 * <p>Not a statistic, and so not in {@link #toMap()}: {@link #deviceOutput()}, what the kernel printed with device
 * {@code printf}.
 */
public final class LaunchStats {
    private final long launchId;
    private final String kernel;
    private final long warpInstructions;
    private final long threadInstructions;
    private final long divergentBranches;
    private final int maxStackDepth;
    private final long atomics;
    private final long barriers;
    private final long fences;
    private final int warpSize;
    private final String divergence;
    private final String tm;
    private final long txCommitted;
    private final long txAborted;
    private final String deviceOutput;

    /** Creates the statistics of one launch; {@code deviceOutput} is what it printed ({@code ""} for nothing). */
    public LaunchStats(
            long launchId,
            String kernel,
            long warpInstructions,
            long threadInstructions,
            long divergentBranches,
            int maxStackDepth,
            long atomics,
            long barriers,
            long fences,
            int warpSize,
            String divergence,
            String tm,
            long txCommitted,
            long txAborted,
            String deviceOutput) {
        this.launchId = launchId;
        this.kernel = kernel;
        this.warpInstructions = warpInstructions;
        this.threadInstructions = threadInstructions;
        this.divergentBranches = divergentBranches;
        this.maxStackDepth = maxStackDepth;
        this.atomics = atomics;
        this.barriers = barriers;
        this.fences = fences;
        this.warpSize = warpSize;
        this.divergence = divergence;
        this.tm = tm;
        this.txCommitted = txCommitted;
        this.txAborted = txAborted;
        this.deviceOutput = deviceOutput == null ? "" : deviceOutput;
    }

    /** The launch identifier (from {@link LaunchIds}, increasing per device). */
    public long launchId() {
        return launchId;
    }

    /** The kernel name. */
    public String kernel() {
        return kernel;
    }

    /** Warp instructions issued. */
    public long warpInstructions() {
        return warpInstructions;
    }

    /** Thread instructions: active lanes summed over issued warp instructions. */
    public long threadInstructions() {
        return threadInstructions;
    }

    /** Average active lanes per warp instruction divided by the warp size (0 when nothing ran). */
    public double simdEfficiency() {
        return warpInstructions == 0 ? 0.0 : (double) threadInstructions / ((double) warpSize * warpInstructions);
    }

    /** Branches where a warp's active lanes went more than one way. */
    public long divergentBranches() {
        return divergentBranches;
    }

    /** The deepest SIMT stack reached by any warp. */
    public int maxStackDepth() {
        return maxStackDepth;
    }

    /** Atomic operations performed, one per active lane of each {@code atom}/{@code red}. */
    public long atomics() {
        return atomics;
    }

    /** Barrier instructions issued, one per warp. */
    public long barriers() {
        return barriers;
    }

    /** Memory fence instructions issued, one per warp. */
    public long fences() {
        return fences;
    }

    /** Lanes per warp of the launch (32 or 64). */
    public int warpSize() {
        return warpSize;
    }

    /** The divergence model's name ({@code pdom}, {@code its}, ...). */
    public String divergence() {
        return divergence;
    }

    /** The transactional-memory model's name, or null when the launch had none. */
    public String tm() {
        return tm;
    }

    /** Transactions committed (one per lane per dynamic {@code tx.begin}). */
    public long txCommitted() {
        return txCommitted;
    }

    /** Transaction attempts aborted (one per lane per failed attempt). */
    public long txAborted() {
        return txAborted;
    }

    /**
     * What the launch printed with device {@code printf} ({@code vprintf}), in execution order: a warp's lanes in
     * ascending order, warps in the order the scheduler ran them, deterministic for a given configuration and seed.
     * Bounded by {@link GpuConfig#printfBufferBytes()}; {@code ""} when nothing was printed.
     */
    public String deviceOutput() {
        return deviceOutput;
    }

    /** The statistics as an ordered map whose keys are the accessor names (for JSON output). */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("launchId", launchId);
        m.put("kernel", kernel);
        m.put("warpInstructions", warpInstructions);
        m.put("threadInstructions", threadInstructions);
        m.put("simdEfficiency", simdEfficiency());
        m.put("divergentBranches", divergentBranches);
        m.put("maxStackDepth", maxStackDepth);
        m.put("atomics", atomics);
        m.put("barriers", barriers);
        m.put("fences", fences);
        m.put("warpSize", warpSize);
        m.put("divergence", divergence);
        if (tm != null) {
            m.put("tm", tm);
            m.put("txCommitted", txCommitted);
            m.put("txAborted", txAborted);
        }
        return Collections.unmodifiableMap(m);
    }

    @Override
    public String toString() {
        return "LaunchStats" + toMap();
    }
}
