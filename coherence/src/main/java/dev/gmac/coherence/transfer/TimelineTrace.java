package dev.gmac.coherence.transfer;

import java.util.Arrays;

/**
 * One execution context's timeline as a sequence of events (ADSM paper, Gelado et al., ASPLOS 2010, §5, Figures 7
 * and 10): before each event, the host compute and fault cost since the previous one; the events are the
 * synchronous transfers, eager evictions, waits for evictions, launches and kernel ends that {@link
 * ExecutionTimeline} saw. {@link #replay} runs the same events through the same arithmetic with the host compute
 * of each phase (the host's work between two launches) set to another figure, which is how a study charges
 * every version of a program the same host work (decision 0122). Immutable.
 *
 * <p>A timeline records at most {@link #MAX_EVENTS} events; a longer run's trace is not {@link #complete()} and
 * cannot be replayed (its snapshot is still exact).
 */
public final class TimelineTrace {
    /** The most events a trace records (at most about 1.5 MB); longer runs are not replayable. */
    public static final int MAX_EVENTS = 1 << 15;

    static final byte TO_ACCELERATOR = 0;
    static final byte TO_HOST = 1;
    static final byte EVICTION = 2;
    static final byte AWAIT = 3;
    static final byte LAUNCH = 4;
    static final byte KERNEL_END = 5;

    private final byte[] kinds;
    private final double[] hostBefore;
    private final double[] faultsBefore;
    private final double[] seconds;
    private final int[] launch; // KERNEL_END: the launch's ordinal, or -1 when unknown (then start is absolute)
    private final double[] start; // KERNEL_END with launch -1: its start as recorded
    private final int events;
    private final double tailHost;
    private final double tailFaults;
    private final double bookkeeping;
    private final boolean complete;

    private TimelineTrace(Recorder r, double tailFaults, double bookkeeping) {
        this.events = r.events;
        this.kinds = Arrays.copyOf(r.kinds, events);
        this.hostBefore = Arrays.copyOf(r.hostBefore, events);
        this.faultsBefore = Arrays.copyOf(r.faultsBefore, events);
        this.seconds = Arrays.copyOf(r.seconds, events);
        this.launch = Arrays.copyOf(r.launch, events);
        this.start = Arrays.copyOf(r.start, events);
        this.tailHost = r.pendingHost;
        this.tailFaults = r.pendingFaults + tailFaults;
        this.bookkeeping = bookkeeping;
        this.complete = !r.overflowed;
    }

    /** A trace that stands for runs that were not recorded (not {@link #complete()}). */
    public static TimelineTrace incomplete() {
        Recorder r = new Recorder();
        r.overflowed = true;
        return r.trace(0, 0);
    }

    /** Whether every event of the run was recorded (so {@link #replay} is possible). */
    public boolean complete() {
        return complete;
    }

    /** The events recorded. */
    public int events() {
        return events;
    }

    /** Phases of host work: the work before the first launch, between launches, and after the last one. */
    public int phases() {
        int phases = 1;
        for (int i = 0; i < events; i++) {
            if (kinds[i] == LAUNCH) {
                phases++;
            }
        }
        return phases;
    }

    /** The measured host compute of each phase (seconds; {@link #phases()} entries). */
    public double[] hostByPhase() {
        double[] host = new double[phases()];
        int phase = 0;
        for (int i = 0; i < events; i++) {
            host[phase] += hostBefore[i];
            if (kinds[i] == LAUNCH) {
                phase++;
            }
        }
        host[phase] += tailHost;
        return host;
    }

    /**
     * The timeline again with the host compute of phase {@code p} scaled to {@code hostByPhase[p]}: each piece of
     * the phase's host work keeps its share of the phase, so transfers and evictions start at the same points of
     * the host's work. A phase measured as 0 stays 0. Transfers, faults, launches and kernels are as recorded.
     *
     * @throws IllegalStateException if the trace is not {@link #complete()}
     * @throws IllegalArgumentException if {@code hostByPhase} does not have {@link #phases()} entries
     */
    public TimelineSnapshot replay(double[] hostByPhase) {
        if (!complete) {
            throw new IllegalStateException("the run had more than " + MAX_EVENTS + " timeline events; not recorded");
        }
        double[] measured = hostByPhase();
        if (hostByPhase.length != measured.length) {
            throw new IllegalArgumentException("the trace has " + measured.length + " phases of host work, not "
                    + hostByPhase.length + " (a different program?)");
        }
        double[] scale = new double[measured.length];
        for (int p = 0; p < measured.length; p++) {
            scale[p] = measured[p] > 0 ? hostByPhase[p] / measured[p] : 0;
        }
        TimelineModel model = new TimelineModel();
        double[] starts = new double[events + 1];
        int launches = 0;
        int phase = 0;
        for (int i = 0; i < events; i++) {
            model.host(hostBefore[i] * scale[phase]);
            model.faults(faultsBefore[i]);
            switch (kinds[i]) {
                case TO_ACCELERATOR -> model.synchronous(Direction.TO_ACCELERATOR, seconds[i]);
                case TO_HOST -> model.synchronous(Direction.TO_HOST, seconds[i]);
                case EVICTION -> model.eviction(seconds[i]);
                case AWAIT -> model.awaitEvictions();
                case LAUNCH -> {
                    starts[launches++] = model.launched(seconds[i]);
                    phase++;
                }
                case KERNEL_END -> model.kernelEnded(launch[i] >= 0 ? starts[launch[i]] : start[i], seconds[i]);
                default -> throw new IllegalStateException("unknown timeline event " + kinds[i]);
            }
        }
        model.host(tailHost * scale[phase]);
        return model.snapshot(tailFaults, bookkeeping);
    }

    /** Records a timeline's events as they happen ({@link ExecutionTimeline}); not thread-safe. */
    static final class Recorder {
        private byte[] kinds = new byte[16];
        private double[] hostBefore = new double[16];
        private double[] faultsBefore = new double[16];
        private double[] seconds = new double[16];
        private int[] launch = new int[16];
        private double[] start = new double[16];
        private int events;
        private double pendingHost;
        private double pendingFaults;
        private boolean overflowed;
        private int launches;
        private double[] launchStarts = new double[4];
        private int[] launchOrdinals = new int[4];
        private int inFlight;

        void host(double s) {
            pendingHost += s;
        }

        void faults(double s) {
            pendingFaults += s;
        }

        void event(byte kind, double s) {
            add(kind, s, -1, 0);
        }

        /** A launch whose kernel starts at {@code kernelStart}; {@code cost}: the launch's own cost. */
        void launched(double cost, double kernelStart) {
            if (inFlight == launchStarts.length) {
                launchStarts = Arrays.copyOf(launchStarts, inFlight * 2);
                launchOrdinals = Arrays.copyOf(launchOrdinals, inFlight * 2);
            }
            launchStarts[inFlight] = kernelStart;
            launchOrdinals[inFlight++] = launches++;
            add(LAUNCH, cost, -1, 0);
        }

        /** The kernel that started at {@code kernelStart} (as {@link #launched} was told) ran {@code s}. */
        void kernelEnded(double kernelStart, double s) {
            int ordinal = -1;
            for (int i = 0; i < inFlight; i++) {
                if (launchStarts[i] == kernelStart) {
                    ordinal = launchOrdinals[i];
                    launchStarts[i] = launchStarts[--inFlight];
                    launchOrdinals[i] = launchOrdinals[inFlight];
                    break;
                }
            }
            add(KERNEL_END, s, ordinal, kernelStart);
        }

        private void add(byte kind, double s, int ordinal, double kernelStart) {
            if (overflowed) {
                return;
            }
            if (events == MAX_EVENTS) {
                overflowed = true;
                return;
            }
            if (events == kinds.length) {
                int n = events * 2;
                kinds = Arrays.copyOf(kinds, n);
                hostBefore = Arrays.copyOf(hostBefore, n);
                faultsBefore = Arrays.copyOf(faultsBefore, n);
                seconds = Arrays.copyOf(seconds, n);
                launch = Arrays.copyOf(launch, n);
                start = Arrays.copyOf(start, n);
            }
            kinds[events] = kind;
            hostBefore[events] = pendingHost;
            faultsBefore[events] = pendingFaults;
            seconds[events] = s;
            launch[events] = ordinal;
            start[events] = kernelStart;
            events++;
            pendingHost = 0;
            pendingFaults = 0;
        }

        /** The events so far; {@code pendingFaults}: faults counted but not yet on the clock. */
        TimelineTrace trace(double pendingFaults, double bookkeeping) {
            return new TimelineTrace(this, pendingFaults, bookkeeping);
        }
    }
}
