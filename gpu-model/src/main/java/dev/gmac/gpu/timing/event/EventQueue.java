package dev.gmac.gpu.timing.event;

import java.util.Arrays;

/**
 * A priority queue of {@link Event}s ordered by tick, ties broken by scheduling order, so a simulation that
 * schedules the same events in the same order always fires them in the same order (determinism). A binary
 * heap that stores each event's position in the event, so an event can be moved to another time in O(log n)
 * without allocation.
 *
 * <p>Not thread-safe: one simulation runs on one thread.
 */
public final class EventQueue {
    private Event[] heap = new Event[256];
    private int size;
    private long nextSeq;

    /** Schedules {@code e} at tick {@code time}, moving it if it is already scheduled. */
    public void schedule(Event e, long time) {
        if (e.heapIndex >= 0) {
            remove(e);
        }
        e.time = time;
        e.seq = nextSeq++;
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
        }
        e.heapIndex = size;
        heap[size++] = e;
        siftUp(e.heapIndex);
    }

    /** Removes {@code e} if it is scheduled. */
    public void remove(Event e) {
        int i = e.heapIndex;
        if (i < 0) {
            return;
        }
        Event last = heap[--size];
        heap[size] = null;
        e.heapIndex = -1;
        if (i < size) {
            heap[i] = last;
            last.heapIndex = i;
            siftDown(i);
            siftUp(last.heapIndex);
        }
    }

    /** True when no event is scheduled. */
    public boolean isEmpty() {
        return size == 0;
    }

    /** Events waiting. */
    public int size() {
        return size;
    }

    /** The tick of the earliest event, or {@link Long#MAX_VALUE} when empty. */
    public long peekTime() {
        return size == 0 ? Long.MAX_VALUE : heap[0].time;
    }

    /** Removes and returns the earliest event, or null when empty. */
    public Event poll() {
        if (size == 0) {
            return null;
        }
        Event top = heap[0];
        remove(top);
        return top;
    }

    /** Fires, in order, every event scheduled at or before {@code tick}, including ones they schedule. */
    public void runUntil(long tick) {
        while (size > 0 && heap[0].time <= tick) {
            Event e = poll();
            e.fire(e.time);
        }
    }

    private static boolean less(Event a, Event b) {
        return a.time < b.time || (a.time == b.time && a.seq < b.seq);
    }

    private void siftUp(int i) {
        Event e = heap[i];
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            Event p = heap[parent];
            if (!less(e, p)) {
                break;
            }
            heap[i] = p;
            p.heapIndex = i;
            i = parent;
        }
        heap[i] = e;
        e.heapIndex = i;
    }

    private void siftDown(int i) {
        Event e = heap[i];
        int half = size >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            Event c = heap[child];
            int right = child + 1;
            if (right < size && less(heap[right], c)) {
                child = right;
                c = heap[child];
            }
            if (!less(c, e)) {
                break;
            }
            heap[i] = c;
            c.heapIndex = i;
            i = child;
        }
        heap[i] = e;
        e.heapIndex = i;
    }
}
