package dev.gmac.gpu.tm.local;

import java.util.EnumMap;
import java.util.Map;

/**
 * Wavefront-cycles per {@link TxPhase} of one timed launch (Villegas et al., Euro-Par 2016 Workshops, Fig 6): the
 * timing model charges each interval between two issues of a wavefront to the phase of the first. Filled by the
 * timing model's recorder; empty after a functional run, which has no cycles.
 */
public final class PhaseBreakdown {
    private final long[] cycles = new long[TxPhase.values().length];

    /** Charges {@code n} wavefront-cycles to {@code phase}. */
    public void add(TxPhase phase, long n) {
        cycles[phase.ordinal()] += n;
    }

    /** Wavefront-cycles charged to {@code phase}. */
    public long cycles(TxPhase phase) {
        return cycles[phase.ordinal()];
    }

    /** Wavefront-cycles charged in all. */
    public long total() {
        long t = 0;
        for (long c : cycles) {
            t += c;
        }
        return t;
    }

    /** {@code phase}'s share of the total (0 when nothing was charged). */
    public double share(TxPhase phase) {
        long t = total();
        return t == 0 ? 0 : (double) cycles(phase) / t;
    }

    /** Every phase's wavefront-cycles, in declaration order. */
    public Map<TxPhase, Long> asMap() {
        Map<TxPhase, Long> m = new EnumMap<>(TxPhase.class);
        for (TxPhase p : TxPhase.values()) {
            m.put(p, cycles(p));
        }
        return m;
    }
}
