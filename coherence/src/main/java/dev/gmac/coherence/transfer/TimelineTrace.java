package dev.gmac.coherence.transfer;

import java.util.ArrayList;
import java.util.List;

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
    /** The most events a trace records (a few megabytes at most); longer runs are not replayable. */
    public static final int MAX_EVENTS = 1 << 15;

    /** What happened on the timeline. */
    enum Kind {
        TO_ACCELERATOR,
        TO_HOST,
        EVICTION,
        AWAIT,
        LAUNCH,
        KERNEL_END
    }

    /**
     * One event: {@code hostBefore} and {@code faultsBefore} are the host compute and fault cost since the previous
     * event; {@code seconds} the event's own time (a transfer's, an eviction's, a launch's cost, a kernel's run);
     * {@code kernelStart} when the kernel of a launch or a kernel end started on the recorded timeline.
     */
    private record Event(Kind kind, double hostBefore, double faultsBefore, double seconds, double kernelStart) {}

    private final List<Event> events;
    private final double tailHost;
    private final double tailFaults;
    private final double bookkeeping;
    private final boolean complete;

    private TimelineTrace(
            List<Event> events, double tailHost, double tailFaults, double bookkeeping, boolean complete) {
        this.events = List.copyOf(events);
        this.tailHost = tailHost;
        this.tailFaults = tailFaults;
        this.bookkeeping = bookkeeping;
        this.complete = complete;
    }

    /** A trace that stands for runs that were not recorded (not {@link #complete()}). */
    public static TimelineTrace incomplete() {
        return new TimelineTrace(List.of(), 0, 0, 0, false);
    }

    /** Whether every event of the run was recorded (so {@link #replay} is possible). */
    public boolean complete() {
        return complete;
    }

    /** The events recorded. */
    public int events() {
        return events.size();
    }

    /** Phases of host work: the work before the first launch, between launches, and after the last one. */
    public int phases() {
        return 1 + (int) events.stream().filter(e -> e.kind() == Kind.LAUNCH).count();
    }

    /** The measured host compute of each phase (seconds; {@link #phases()} entries). */
    public double[] hostByPhase() {
        double[] host = new double[phases()];
        int phase = 0;
        for (Event e : events) {
            host[phase] += e.hostBefore();
            if (e.kind() == Kind.LAUNCH) {
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
        List<double[]> inFlight = new ArrayList<>(); // launched kernels: {recorded start, replayed start}
        int phase = 0;
        for (Event e : events) {
            model.host(e.hostBefore() * scale[phase]);
            model.faults(e.faultsBefore());
            switch (e.kind()) {
                case TO_ACCELERATOR -> model.synchronous(Direction.TO_ACCELERATOR, e.seconds());
                case TO_HOST -> model.synchronous(Direction.TO_HOST, e.seconds());
                case EVICTION -> model.eviction(e.seconds());
                case AWAIT -> model.awaitEvictions();
                case LAUNCH -> {
                    inFlight.add(new double[] {e.kernelStart(), model.launched(e.seconds())});
                    phase++;
                }
                case KERNEL_END -> model.kernelEnded(replayedStart(inFlight, e.kernelStart()), e.seconds());
            }
        }
        model.host(tailHost * scale[phase]);
        return model.snapshot(tailFaults, bookkeeping);
    }

    /**
     * The replayed start of the earliest launched kernel that started at {@code recorded} on the recorded timeline
     * (and leaves the list); {@code recorded} itself for a kernel launched before the trace began.
     */
    private static double replayedStart(List<double[]> inFlight, double recorded) {
        for (int i = 0; i < inFlight.size(); i++) {
            if (inFlight.get(i)[0] == recorded) {
                return inFlight.remove(i)[1];
            }
        }
        return recorded;
    }

    /** Records a timeline's events as they happen ({@link ExecutionTimeline}); not thread-safe. */
    static final class Recorder {
        private final List<Event> events = new ArrayList<>();
        private double pendingHost;
        private double pendingFaults;
        private boolean overflowed;

        void host(double s) {
            pendingHost += s;
        }

        void faults(double s) {
            pendingFaults += s;
        }

        /** An event taking {@code s} seconds; {@code kernelStart}: see {@link Event}, 0 where it does not apply. */
        void event(Kind kind, double s, double kernelStart) {
            if (events.size() == MAX_EVENTS) {
                overflowed = true;
            }
            if (overflowed) {
                return;
            }
            events.add(new Event(kind, pendingHost, pendingFaults, s, kernelStart));
            pendingHost = 0;
            pendingFaults = 0;
        }

        void event(Kind kind, double s) {
            event(kind, s, 0);
        }

        /** The events so far; {@code faultsNotOnClock}: faults counted but not yet on the clock. */
        TimelineTrace trace(double faultsNotOnClock, double bookkeeping) {
            return new TimelineTrace(events, pendingHost, pendingFaults + faultsNotOnClock, bookkeeping, !overflowed);
        }
    }
}
