package dev.gmac.channels.gpu;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the {@link Aggregator} did in one run (Orr et al., ISCA 2014, §7.2 and §8): wavefronts dispatched, yields
 * and restarts (§6, Figure 18), done-count groups freed (§8.2.1), and its busy time and the time the GPU spent
 * blocked on it (Table 5), in GPU core cycles. Written by the timing loop's thread, read after the run.
 */
public final class AggregatorStats {
    long wavefronts;
    long partialWavefronts;
    long elements;
    long retired;
    long yields;
    long restarts;
    long groupsFreed;
    long busyCycles;
    long blockedCycles;
    long cuBlockedCycles;
    long cuCycles;
    long startupCycles;
    long passes;

    /** Wavefronts dispatched. */
    public long wavefronts() {
        return wavefronts;
    }

    /** Wavefronts dispatched with fewer elements than lanes. */
    public long partialWavefronts() {
        return partialWavefronts;
    }

    /** Elements dispatched. */
    public long elements() {
        return elements;
    }

    /** Wavefront yields. */
    public long yields() {
        return yields;
    }

    /** Yielded wavefronts restarted. */
    public long restarts() {
        return restarts;
    }

    /** Done-count groups deallocated. */
    public long groupsFreed() {
        return groupsFreed;
    }

    /** Core cycles the aggregator spent working. */
    public long busyCycles() {
        return busyCycles;
    }

    /** Core cycles, after the first dispatch, in which no wavefront ran while work remained. */
    public long blockedCycles() {
        return blockedCycles;
    }

    /**
     * Compute-unit cycles in which a unit waited for the aggregator: it had room and work the aggregator had not yet
     * handed it, or a wavefront the aggregator assigned it had not started yet (decision 0214, {@code CuWaitMeter}).
     */
    public long cuBlockedCycles() {
        return cuBlockedCycles;
    }

    /** Compute-unit cycles sampled for {@link #cuBlockedCycles}: the cycles of the run times the units. */
    public long cuCycles() {
        return cuCycles;
    }

    /** Share of compute-unit cycles blocked on the aggregator, in percent (0 when none were sampled). */
    public double cuBlockedPercent() {
        return cuCycles == 0 ? 0.0 : 100.0 * cuBlockedCycles / cuCycles;
    }

    /** Core cycles before the first wavefront started. */
    public long startupCycles() {
        return startupCycles;
    }

    /** The figures by name, for CSV and JSON. */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("wavefronts", wavefronts);
        m.put("partialWavefronts", partialWavefronts);
        m.put("elements", elements);
        m.put("yields", yields);
        m.put("restarts", restarts);
        m.put("groupsFreed", groupsFreed);
        m.put("aggregatorBusyCycles", busyCycles);
        m.put("blockedCycles", blockedCycles);
        m.put("cuBlockedCycles", cuBlockedCycles);
        m.put("cuCycles", cuCycles);
        m.put("startupCycles", startupCycles);
        return m;
    }

    @Override
    public String toString() {
        return "AggregatorStats" + toMap();
    }
}
