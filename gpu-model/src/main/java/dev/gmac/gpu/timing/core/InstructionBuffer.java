package dev.gmac.gpu.timing.core;

import java.util.Arrays;

/**
 * The per-warp instruction buffer (Fung thesis §2.3.3, Figure 2.2: one or more I-buffer entries per warp with
 * valid bits; the slides' "I-Buffer"). Models when the warp's next instruction has been fetched and decoded:
 * the buffer holds {@code entries} instructions; each entry freed by an issue is refilled {@code fetchLatency}
 * cycles later (the I-cache always hits); a branch empties the buffer and fetch restarts when its outcome is
 * known, since there is no branch prediction. Fetch bandwidth shared between warps is not modelled.
 *
 * <p>The ready times form a ring, oldest entry first.
 */
public final class InstructionBuffer {
    private final long[] ready;
    private final int fetchLatency;
    private int head;

    /** A buffer of {@code entries} instructions refilled with {@code fetchLatency} cycles of latency. */
    public InstructionBuffer(int entries, int fetchLatency) {
        this.ready = new long[entries];
        this.fetchLatency = fetchLatency;
    }

    /** Empties the buffer; fetch starts at {@code cycle} (a warp starting, or a branch resolving). */
    public void restart(long cycle) {
        Arrays.fill(ready, cycle + fetchLatency);
        head = 0;
    }

    /** The first cycle at which the next instruction is decoded and may issue. */
    public long headReady() {
        return ready[head];
    }

    /** The head instruction issued at {@code cycle}: its entry refills; the next one may issue at cycle + 1 at the earliest. */
    public void issued(long cycle) {
        ready[head] = cycle + fetchLatency;
        head = head + 1 == ready.length ? 0 : head + 1;
        if (ready[head] <= cycle) {
            ready[head] = cycle + 1;
        }
    }
}
