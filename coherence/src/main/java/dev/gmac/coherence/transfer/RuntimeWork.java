package dev.gmac.coherence.transfer;

/**
 * The wall time the calling thread has spent in runtime work that the {@link ExecutionTimeline} does not bracket
 * with the thread CPU clock: the accessors' slow paths (an element access that missed its window: a fault, or a
 * new window) and the timeline's own clock reads. Reading the thread CPU clock costs 1 to 4 µs on the development
 * machine, 20 to 50 times a write fault, so the slow paths take {@link System#nanoTime()} instead (tens of
 * nanoseconds), and the timeline removes this work from the host compute it measures (decision 0117): the
 * simulator's own bookkeeping is not the program's host compute, and a fault is charged its modelled cost ({@link
 * HostCosts}) instead (ADSM paper, Gelado et al., ASPLOS 2010, §5.1, Figure 10's "Signal").
 *
 * <p>Thread-confined: each thread has its own instance ({@link #current()}), and only that thread calls {@link
 * #begin}, {@link #end} and {@link #nanosAt}: the timeline reads it only for the thread that took its mark, on that
 * thread. No field is shared, so no memory ordering is needed.
 */
public final class RuntimeWork {
    private static final ThreadLocal<RuntimeWork> CURRENT = ThreadLocal.withInitial(RuntimeWork::new);

    private long total; // wall nanoseconds of finished work
    private long since; // System.nanoTime() when the outermost unfinished work began
    private int depth; // how deeply the thread is nested in work

    private RuntimeWork() {}

    /** The calling thread's record. */
    public static RuntimeWork current() {
        return CURRENT.get();
    }

    /** Runtime work starts on this thread (work nests: only the outermost counts). */
    public void begin() {
        if (depth++ == 0) {
            since = System.nanoTime();
        }
    }

    /** ... and ends. */
    public void end() {
        if (--depth == 0) {
            total += System.nanoTime() - since;
        }
    }

    /**
     * The wall nanoseconds of runtime work on this thread up to {@code now} (a {@link System#nanoTime()} reading),
     * work still in progress included: a clock that runs only while the thread does runtime work.
     */
    public long nanosAt(long now) {
        return depth > 0 ? total + Math.max(0, now - since) : total;
    }
}
