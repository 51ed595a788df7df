package dev.gmac.gpu.timing.tm;

import dev.gmac.gpu.timing.stats.ThreadState;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What Kilo TM's hardware counted in one timed launch (Fung thesis §4.4 and §6.7): thread-cycles of the
 * transactional thread states (TC, TO, TW, TA, TU; the rest come from the cores), commit IDs handed out, hazards the
 * last writer histories found, revalidations, buffer-overflow resends, local validation failures, the ring
 * occupancy of the commit units (the most entries of one unit at once, and the time average per unit), shared-memory
 * passes of intra-warp conflict resolution, and protocol messages (log packets included).
 *
 * @param threadCycles thread-cycles per {@link ThreadState} ordinal (only the transactional states are set here)
 */
public record TmTimingStats(
        long[] threadCycles,
        long cids,
        long hazards,
        long revalidations,
        long resends,
        long localFails,
        long maxRingEntries,
        double avgRingEntries,
        long resolutionPasses,
        long messages) {

    /** Thread-cycles in state {@code s}. */
    public long cycles(ThreadState s) {
        return threadCycles[s.ordinal()];
    }

    /** Ordered map for JSON output. */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        Map<String, Object> states = new LinkedHashMap<>();
        for (ThreadState s : ThreadState.values()) {
            if (threadCycles[s.ordinal()] != 0) {
                states.put(s.name(), threadCycles[s.ordinal()]);
            }
        }
        m.put("threadCycles", states);
        m.put("cids", cids);
        m.put("hazards", hazards);
        m.put("revalidations", revalidations);
        m.put("resends", resends);
        m.put("localFails", localFails);
        m.put("maxRingEntries", maxRingEntries);
        m.put("avgRingEntries", avgRingEntries);
        m.put("resolutionPasses", resolutionPasses);
        m.put("messages", messages);
        return m;
    }
}
