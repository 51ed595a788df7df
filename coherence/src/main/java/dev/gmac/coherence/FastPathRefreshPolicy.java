package dev.gmac.coherence;

/**
 * When to give the element accessors' fast paths a fresh JIT profile ({@link FastPathSites}, decision 0105):
 * after window misses, once they have stopped. Polled once per period with the cumulative miss count of each
 * operation, it answers the operations to refresh: those that missed since their last refresh, provided that
 * no operation missed since the previous poll (a refresh in the middle of a burst of misses would only be
 * polluted again) and that the last refresh is at least the minimum interval ago (each refresh makes the JVM
 * recompile the loops that call the accessors). The interval doubles after every refresh, up to {@link
 * #MAX_BACKOFF} times the minimum: a process that keeps opening short-lived runtimes, each faulting again, would
 * otherwise pay a recompilation of its loops every interval for ever (issue 14: the samples' host code ran at 4
 * to 50 ms against 3 to 5 ms without refreshes); the first refreshes, which serve a long-running program, come as
 * early as before. Deterministic: the answer depends only on the calls made.
 *
 * <p>Not thread-safe: one refresher thread owns it.
 */
final class FastPathRefreshPolicy {
    private final long minIntervalNanos;
    private final int[] seen;
    private final int[] atRefresh;
    private long lastRefresh;
    private boolean refreshed;
    private long interval;

    /** The interval grows to at most this multiple of the minimum. */
    static final int MAX_BACKOFF = 64;

    /**
     * @param ops number of operations (at most 32)
     * @param minIntervalNanos least time between two refreshes
     */
    FastPathRefreshPolicy(int ops, long minIntervalNanos) {
        if (ops < 1 || ops > 32) {
            throw new IllegalArgumentException("ops must be 1..32, got " + ops);
        }
        if (minIntervalNanos < 0) {
            throw new IllegalArgumentException("minIntervalNanos must be >= 0, got " + minIntervalNanos);
        }
        this.minIntervalNanos = minIntervalNanos;
        this.interval = minIntervalNanos;
        this.seen = new int[ops];
        this.atRefresh = new int[ops];
    }

    /**
     * One poll.
     *
     * @param now the time, in nanoseconds of any fixed origin ({@link System#nanoTime()})
     * @param counts cumulative misses per operation
     * @return bit {@code op} set for each operation to refresh now; 0 for none
     */
    int poll(long now, int[] counts) {
        if (counts.length != seen.length) {
            throw new IllegalArgumentException("expected " + seen.length + " counts, got " + counts.length);
        }
        boolean quiet = true;
        int mask = 0;
        for (int op = 0; op < counts.length; op++) {
            if (counts[op] != seen[op]) {
                quiet = false;
            }
            if (counts[op] != atRefresh[op]) {
                mask |= 1 << op;
            }
        }
        System.arraycopy(counts, 0, seen, 0, counts.length);
        if (!quiet || mask == 0 || (refreshed && now - lastRefresh < interval)) {
            return 0;
        }
        if (refreshed) {
            interval = Math.min(interval * 2, minIntervalNanos * MAX_BACKOFF);
        }
        for (int op = 0; op < counts.length; op++) {
            if ((mask & (1 << op)) != 0) {
                atRefresh[op] = counts[op];
            }
        }
        lastRefresh = now;
        refreshed = true;
        return mask;
    }
}
