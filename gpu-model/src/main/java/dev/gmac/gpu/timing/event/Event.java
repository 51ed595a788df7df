package dev.gmac.gpu.timing.event;

/**
 * Something that happens at a point in simulated time. An event object is reused: it sits in at most one
 * {@link EventQueue} at a time, at most once, so components keep one event per pending action and schedule it
 * again instead of allocating.
 */
public abstract class Event {
    long time;
    long seq;
    int heapIndex = -1;

    /** The tick this event is scheduled for (meaningful while {@link #isScheduled()}). */
    public final long time() {
        return time;
    }

    /** True while the event waits in a queue. */
    public final boolean isScheduled() {
        return heapIndex >= 0;
    }

    /**
     * Called when simulated time reaches this event. The event is already out of the queue, so it may schedule
     * itself again.
     *
     * @param now the event's tick
     */
    public abstract void fire(long now);
}
