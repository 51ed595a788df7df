package dev.gmac.channels.gpu;

import dev.gmac.channels.Channel;

/**
 * The instrumented run of the channel invariants (Orr et al., ISCA 2014, §3.2: the element states of Figure 3 and
 * the in-order deallocation by done counts) in a GPU run: the aggregator reports every dispatch and every
 * deallocation of the graph's channels (not its own yield channel) here, and each is checked against a shadow of
 * the channel's element states. A violation throws an {@link IllegalStateException} that names the channel, the
 * slot and the sequence numbers involved.
 *
 * <ul>
 *   <li><b>No element lost or duplicated</b>: every dispatch takes the control entries right after the previous
 *       dispatch of that channel; every dispatched slot holds an element allocated and not freed (its sequence
 *       number lies in {@code [dataHead, dataTail)}) that is not already dispatched; at the end, the elements
 *       dispatched are exactly the elements enqueued and allocated.
 *   <li><b>Deallocation strictly in allocation order</b>: each deallocation starts where the previous one ended,
 *       frees whole done-count groups, and frees only elements that were dispatched.
 *   <li><b>No slot reused before its done count completes</b>: a freed group's done count is complete for its lap
 *       ({@code (lap + 1) * G}); after every aggregator pass no channel has more elements allocated than its
 *       capacity (a reservation past the freed space would overwrite a live slot).
 * </ul>
 *
 * <p>The timing loop is single-threaded and the aggregator acts between GPU cycles, so each check sees a
 * consistent channel. Used by {@link GpuGraphExecutor} when built with {@code audit = true}.
 */
public final class ChannelAudit {
    private final Channel[] channels;
    private final long[] nextControl;
    private final long[] lastHead;
    private final long[] dispatched;
    /** Per channel and slot: the sequence number of the element dispatched from it and not yet freed, or -1. */
    private final long[][] held;

    private long dispatchesChecked;
    private long elementsChecked;
    private long groupsChecked;
    private long passesChecked;

    /** Audits {@code channels} by device id; null entries (and the yield channel, left out by the caller) are skipped. */
    ChannelAudit(Channel[] channels) {
        this.channels = channels.clone();
        this.nextControl = new long[channels.length];
        this.lastHead = new long[channels.length];
        this.dispatched = new long[channels.length];
        this.held = new long[channels.length][];
        for (int id = 0; id < channels.length; id++) {
            Channel c = channels[id];
            if (c != null) {
                nextControl[id] = c.controlHead();
                lastHead[id] = c.dataHead();
                held[id] = new long[c.layout().capacity()];
                java.util.Arrays.fill(held[id], -1);
            }
        }
    }

    boolean audits(int id) {
        return id < channels.length && channels[id] != null;
    }

    /** Before a dispatch from channel {@code id}: its control head must be where the last dispatch left it. */
    void beforeDispatch(int id) {
        Channel c = channels[id];
        if (c.controlHead() != nextControl[id]) {
            fail(
                    id,
                    "the control head is at " + c.controlHead() + " but the last dispatch ended at " + nextControl[id]
                            + " (control entries taken twice or skipped)");
        }
    }

    /** After a dispatch of {@code n} elements at {@code slots} from channel {@code id}. */
    void dispatched(int id, int[] slots, int n) {
        Channel c = channels[id];
        if (c.controlHead() != nextControl[id] + n) {
            fail(
                    id,
                    "a dispatch of " + n + " moved the control head from " + nextControl[id] + " to "
                            + c.controlHead());
        }
        nextControl[id] += n;
        if (n == 0) {
            return;
        }
        int capacity = c.layout().capacity();
        long head = c.dataHead();
        long tail = c.dataTail();
        for (int i = 0; i < n; i++) {
            int slot = slots[i];
            // the one sequence number in [head, head + capacity) that maps to this slot
            long seq = head + ((slot - head) & (capacity - 1));
            if (seq >= tail) {
                fail(
                        id,
                        "slot " + slot + " was dispatched but holds no allocated element (allocated: sequence " + head
                                + " to " + (tail - 1) + ")");
            }
            if (held[id][slot] >= 0) {
                fail(
                        id,
                        "slot " + slot + " (sequence " + seq + ") was dispatched again before it was freed (last"
                                + " dispatched as sequence " + held[id][slot] + ")");
            }
            held[id][slot] = seq;
        }
        dispatched[id] += n;
        dispatchesChecked++;
        elementsChecked += n;
    }

    /** After the aggregator deallocated channel {@code id} from {@code headBefore} to its current data head. */
    void reclaimed(int id, long headBefore) {
        Channel c = channels[id];
        long headAfter = c.dataHead();
        if (headBefore != lastHead[id]) {
            fail(id, "the data head moved from " + lastHead[id] + " to " + headBefore + " outside the aggregator");
        }
        lastHead[id] = headAfter;
        if (headAfter == headBefore) {
            return;
        }
        int g = c.layout().elementsPerDoneCount();
        int capacity = c.layout().capacity();
        if (headBefore % g != 0 || headAfter % g != 0) {
            fail(id, "deallocation from " + headBefore + " to " + headAfter + " is not whole groups of " + g);
        }
        for (long group = headBefore; group < headAfter; group += g) {
            int slot = (int) (group & (capacity - 1));
            long lap = group / capacity;
            long required = (lap + 1) * g;
            if (c.doneCount(slot) < required) {
                fail(
                        id,
                        "the group at sequence " + group + " (slot " + slot + ") was freed with done count "
                                + c.doneCount(slot) + ", complete only at " + required);
            }
            for (long seq = group; seq < group + g; seq++) {
                int s = (int) (seq & (capacity - 1));
                if (held[id][s] != seq) {
                    fail(id, "sequence " + seq + " (slot " + s + ") was freed but never dispatched (element lost)");
                }
                held[id][s] = -1;
            }
            groupsChecked++;
        }
    }

    /** After an aggregator pass: no channel holds more than its capacity. */
    void pass() {
        for (int id = 0; id < channels.length; id++) {
            Channel c = channels[id];
            if (c != null && c.dataTail() - c.dataHead() > c.layout().capacity()) {
                fail(
                        id,
                        (c.dataTail() - c.dataHead()) + " elements allocated in a capacity of "
                                + c.layout().capacity() + " (a slot reused before it was freed)");
            }
        }
        passesChecked++;
    }

    /** At the end of the run: every allocated element was enqueued and dispatched exactly once. */
    void finish() {
        for (int id = 0; id < channels.length; id++) {
            Channel c = channels[id];
            if (c == null) {
                continue;
            }
            if (dispatched[id] != c.controlReserveTail() || dispatched[id] != c.dataTail()) {
                fail(
                        id,
                        dispatched[id] + " elements dispatched, " + c.controlReserveTail() + " enqueued, "
                                + c.dataTail() + " allocated");
            }
        }
    }

    /** Dispatches checked. */
    public long dispatchesChecked() {
        return dispatchesChecked;
    }

    /** Elements checked at dispatch. */
    public long elementsChecked() {
        return elementsChecked;
    }

    /** Done-count groups checked at deallocation. */
    public long groupsChecked() {
        return groupsChecked;
    }

    /** Aggregator passes whose channel occupancy was checked. */
    public long passesChecked() {
        return passesChecked;
    }

    private void fail(int id, String what) {
        throw new IllegalStateException("channel invariant violated in channel " + id + ": " + what);
    }
}
