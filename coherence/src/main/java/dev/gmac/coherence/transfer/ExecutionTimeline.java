package dev.gmac.coherence.transfer;

/**
 * The modelled end-to-end time of one execution context (ADSM paper, Gelado et al., ASPLOS 2010, §5: execution
 * time, Figures 7 and 10): the host thread's clock, and when each engine it shares work with is next free: the
 * host-to-accelerator DMA engine, the accelerator-to-host engine and the GPU.
 *
 * <ul>
 *   <li><b>Host compute</b> is measured: the CPU time of the host thread between runtime operations ({@link
 *       #enter}/{@link #exit} bracket each; a fault's transfer is bracketed by {@link #transferStarts} and {@link
 *       #synchronous}, so the real copy itself is not counted: the cost model gives the transfer's time). CPU time
 *       rather than wall time, so other processes on the machine do not count. The runtime work that is not
 *       bracketed, because reading the CPU clock costs more than the work (the accessors' slow paths, the
 *       protocol's part of a bulk host access, and this timeline's own clock reads), is timed on the wall clock by
 *       {@link RuntimeWork}, and each interval's CPU time is reduced by what that work surely took (its wall time
 *       less the interval's time off the CPU, {@code runtimeCpu}): the simulator's bookkeeping is not host
 *       compute, and a fault costs the per-fault figure of {@link HostCosts} instead (decision 0117). What was
 *       removed is reported as {@link TimelineSnapshot#bookkeeping()}. The copy of a bulk host access between the
 *       buffer and the program's array or file is host compute, as it is in GMAC.
 *   <li><b>Synchronous transfers</b> (a release's sends, a fault's fetch, a prefetch, a memcpy) start when both
 *       the host and their engine are free, and the host waits for them.
 *   <li><b>Eager evictions</b> are queued on the host-to-accelerator engine at the host time they are decided
 *       and do not stop the host: their time overlaps the host's work (rolling-update's point, §4.3), until a
 *       call needs them done ({@link #awaitEvictions}).
 *   <li><b>Kernels</b> start after the launch cost when the GPU is free and the release is done; the host goes
 *       on. A sync (explicit or implicit) waits for the kernel's end, whose duration the timing model gives.
 *   <li><b>Faults</b> cost {@link HostCosts#faultSeconds()} each, launches {@link HostCosts#launchSeconds()}.
 * </ul>
 *
 * <p>Thread-safe: every method synchronizes on the timeline (host threads of the context, and the runtime's
 * own threads, report to it). A context used by several threads at once gets one host clock for all of them;
 * the figures are meant for one host thread per context.
 */
public final class ExecutionTimeline {
    private final TransferCostModel costs;
    private final HostCosts host;
    private final TransferCounters counters;
    private long faultsSeen;
    private TimelineModel model = new TimelineModel();
    private TimelineTrace.Recorder recorder = new TimelineTrace.Recorder();
    private static final java.lang.management.ThreadMXBean THREADS =
            java.lang.management.ManagementFactory.getThreadMXBean();

    private long mark; // host CPU time at the end of the last runtime work (or the start)
    private long markWall; // System.nanoTime() then
    private long markWork; // the mark thread's RuntimeWork clock then
    private Thread markThread;
    private Thread inside; // the host thread inside a runtime operation, or null
    private int depth; // how deeply it is nested there
    private double bookkeeping;

    /** A timeline whose fault costs follow the read and write faults {@code counters} count. */
    public ExecutionTimeline(TransferCounters counters, HostCosts host) {
        this.costs = counters.costModel();
        this.host = host;
        this.counters = counters;
        takeMark();
    }

    public TransferCostModel costs() {
        return costs;
    }

    /** The calling thread's CPU time (wall time where the JVM cannot measure it). */
    private static long cpuNanos() {
        long cpu = THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : -1;
        return cpu >= 0 ? cpu : System.nanoTime();
    }

    /**
     * A runtime operation starts on the host: the host computed since the last one ended. Operations nest (an
     * API call that makes a call that releases...): only the outermost counts, and the host's CPU time inside it
     * is runtime work, never host compute.
     */
    public synchronized void enter() {
        Thread t = Thread.currentThread();
        if (inside == t) {
            depth++;
            return;
        }
        advance();
        inside = t;
        depth = 1;
    }

    /** A runtime operation ended on the host: host compute is counted from here (after the outermost one). */
    public synchronized void exit() {
        Thread t = Thread.currentThread();
        if (inside == t && --depth > 0) {
            return;
        }
        if (inside == t) {
            inside = null;
        }
        takeMark();
    }

    /**
     * Host compute is counted from now on this thread. The clock reads here are runtime work ({@link RuntimeWork}):
     * the interval starts before them.
     */
    private void takeMark() {
        RuntimeWork work = RuntimeWork.current();
        work.begin();
        markWall = System.nanoTime();
        markWork = work.nanosAt(markWall);
        mark = cpuNanos();
        markThread = Thread.currentThread();
        work.end();
    }

    /**
     * Host compute since the mark, less what runtime work surely took of it, then the faults counted since the last
     * event (faults themselves report nothing here: the counters count them, so the fault path gains no work).
     * Then a new mark.
     */
    private void advance() {
        RuntimeWork work = RuntimeWork.current();
        work.begin(); // the clock reads below are runtime work
        long nanos = cpuNanos();
        long wall = System.nanoTime();
        if (markThread == Thread.currentThread() && inside != markThread) {
            long measured = Math.max(0, nanos - mark);
            long runtime = runtimeCpu(measured, wall - markWall, work.nanosAt(wall) - markWork);
            double seconds = (measured - runtime) / 1e9;
            model.host(seconds);
            recorder.host(seconds);
            bookkeeping += runtime / 1e9;
        } // another host thread: its CPU clock is not comparable; count from here
        mark = nanos;
        markWall = wall;
        markWork = work.nanosAt(wall);
        markThread = Thread.currentThread();
        work.end();
        advanceFaults();
    }

    /**
     * The part of an interval's CPU time that runtime work took: the interval took {@code cpu} nanoseconds of the
     * thread's CPU time and {@code wall} of wall time, of which runtime work took {@code runtime} (wall). The thread
     * was off the CPU for {@code wall - cpu}; as that may have fallen inside the runtime work, the work surely took
     * at least {@code runtime - (wall - cpu)} of CPU time, and that lower bound is what is removed: never more than
     * the runtime really used, so host compute is never under-counted (decision 0117). On an interval without
     * preemption it is the runtime work's whole time.
     */
    static long runtimeCpu(long cpu, long wall, long runtime) {
        long offCpu = Math.max(0, wall - cpu);
        return Math.max(0, Math.min(cpu, runtime - offCpu));
    }

    /** The modelled cost of the faults counted since the last event. */
    private void advanceFaults() {
        long faults = counters.faults();
        if (faults > faultsSeen) {
            double cost = (faults - faultsSeen) * host.faultSeconds();
            model.faults(cost);
            recorder.faults(cost);
        }
        faultsSeen = faults;
    }

    /**
     * A transfer the host will wait for starts on the host thread (possibly inside a fault, between runtime
     * operations): the host computed up to here. Call before the real copy, then {@link #synchronous} after it,
     * so the real copy (this machine's memory copy, standing in for the bus whose time the cost model gives) is
     * never counted as host compute.
     */
    public synchronized void transferStarts() {
        advance();
    }

    /**
     * A transfer the host waits for, of {@code bytes} in {@code direction}, made on the host thread after {@link
     * #transferStarts} and the real copy.
     */
    public synchronized void synchronous(Direction direction, long bytes) {
        synchronous(direction, bytes, false);
    }

    /**
     * As {@link #synchronous(Direction, long)}; {@code continued}: the bytes continue the previous transfer of a run
     * ({@link TransferEngine#beginRun}), one DMA request, so they cost their bytes' time without a second setup.
     */
    public synchronized void synchronous(Direction direction, long bytes, boolean continued) {
        advanceFaults();
        double seconds = costs.seconds(direction, bytes) - (continued ? costs.seconds(direction, 0) : 0);
        model.synchronous(direction, seconds);
        recorder.event(
                direction == Direction.TO_ACCELERATOR ? TimelineTrace.Kind.TO_ACCELERATOR : TimelineTrace.Kind.TO_HOST,
                seconds);
        takeMark(); // the real copy is not host compute
    }

    /** An eager eviction of {@code transfers} transfers and {@code bytes} bytes, queued now; the host goes on. */
    public synchronized void eviction(long transfers, long bytes) {
        advance();
        double seconds = transfers * costs.seconds(Direction.TO_ACCELERATOR, 0)
                + (costs.seconds(Direction.TO_ACCELERATOR, bytes) - costs.seconds(Direction.TO_ACCELERATOR, 0));
        model.eviction(seconds);
        recorder.event(TimelineTrace.Kind.EVICTION, seconds);
    }

    /** The host needs every queued eviction done (a release): it waits for the engine. */
    public synchronized void awaitEvictions() {
        model.awaitEvictions();
        recorder.event(TimelineTrace.Kind.AWAIT, 0);
    }

    /**
     * A kernel is launched now (after its release): the host pays the launch cost; returns when the kernel
     * starts on the GPU, for {@link #kernelEnded}.
     */
    public synchronized double launched() {
        double start = model.launched(host.launchSeconds());
        recorder.event(TimelineTrace.Kind.LAUNCH, host.launchSeconds(), start);
        return start;
    }

    /**
     * The host waited for a kernel that started at {@code start} and ran {@code seconds} (from the timing model;
     * 0 without one): a sync or an implicit sync. Call {@link #enter} before the real wait (the host computed up
     * to there) and this after it (the real wait, the software GPU running the kernel, is not host compute).
     */
    public synchronized void kernelEnded(double start, double seconds) {
        model.kernelEnded(start, seconds);
        recorder.event(TimelineTrace.Kind.KERNEL_END, seconds, start);
        takeMark();
    }

    /** The timeline now (a pending fault cost or eviction tail counts towards the end-to-end time). */
    public synchronized TimelineSnapshot snapshot() {
        return model.snapshot(pendingFaultSeconds(), bookkeeping);
    }

    /**
     * The events of the timeline so far, for a replay with other host-compute figures ({@link TimelineTrace},
     * decision 0122). Its {@link TimelineTrace#replay replay} with its own {@link TimelineTrace#hostByPhase()} gives
     * this {@link #snapshot()}.
     */
    public synchronized TimelineTrace trace() {
        return recorder.trace(pendingFaultSeconds(), bookkeeping);
    }

    private double pendingFaultSeconds() {
        return Math.max(0, counters.faults() - faultsSeen) * host.faultSeconds();
    }

    /** Starts over (after the counters were reset). */
    public synchronized void reset() {
        model = new TimelineModel();
        recorder = new TimelineTrace.Recorder();
        takeMark();
        faultsSeen = counters.faults();
        bookkeeping = 0;
    }
}
