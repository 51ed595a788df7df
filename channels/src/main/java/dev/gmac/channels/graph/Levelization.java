package dev.gmac.channels.graph;

import java.util.ArrayList;
import java.util.List;

/**
 * The scheduling rule of a graph's channel stacks (Orr et al., ISCA 2014, §5.2-5.3): which channel an executor
 * tries first, and which channels it may not dispatch yet. Shared by the host executor and the software GPU's
 * aggregator, so both respect Cilk's dependencies the same way.
 *
 * <ul>
 *   <li><b>Priority</b> ({@link #priorityOrder()}): deeper stack levels first, which drains the recursion towards
 *       its base cases and so bounds memory (§5.3); within a level, stacks that wait for deeper levels
 *       (continuations, which complete subtrees) before the others, each in creation order; plain channels last.
 *   <li><b>Levelization</b> ({@link #mayDispatch}): level {@code d} of a stack marked {@link
 *       ChannelStackNode#afterDeeperLevels()} may be dispatched only when no channel of any stack at a level
 *       deeper than {@code d} has undispatched elements or work in flight. A continuation at level {@code d} is
 *       enqueued after the children it waits for (a task enqueues its children first), and everything those
 *       children spawn lies deeper; so when the deeper levels are quiet, every visible continuation's subtree
 *       is complete. The check is conservative: any element enqueued but not dispatched counts, complete or not.
 * </ul>
 *
 * <p>Concurrency (host executor). The check reads, per deeper channel, its control reserve tail and control head
 * (volatile) and its in-flight count (volatile), between two reads of the executor's activity epoch, which every
 * batch increments when it starts (before its dispatch CAS) and when it ends (after its kernels returned). If the
 * epoch did not change, no batch started or ended during the check; a batch in flight during the whole check was
 * seen by its in-flight count, whenever it was read; so all counts seen zero means no work moved while they were
 * read and the reading is a consistent snapshot. A changed epoch makes the check answer false (try later). All
 * these accesses are volatile, so they are in one total order (jcstress: {@code LevelizationQuiescenceTest}).
 * The check covers only elements enqueued before it, so the dispatch that follows it takes only control entries
 * reserved before it (the executor reads the reserve tail first; decision 0215).
 */
public final class Levelization {
    /** How an executor reports work in flight. */
    public interface InFlight {
        /** Batches (work-groups) of {@code node}'s elements dispatched and not finished (yielded ones included). */
        int inFlight(ChannelNode node);

        /** A counter that changes whenever a batch starts or ends (0 when the caller takes one snapshot anyway). */
        long epoch();
    }

    private final List<ChannelNode> order;
    private final ChannelNode[][] byLevel;
    private final boolean constrained;

    Levelization(Graph graph) {
        List<ChannelStackNode> stacks = graph.channelStacks();
        int levels = 0;
        boolean waits = false;
        for (ChannelStackNode s : stacks) {
            levels = Math.max(levels, s.levels());
            waits |= s.waitsForDeeperLevels();
        }
        this.constrained = waits;
        this.byLevel = new ChannelNode[levels][];
        List<ChannelNode> ordered = new ArrayList<>();
        for (int d = levels - 1; d >= 0; d--) {
            List<ChannelNode> here = new ArrayList<>();
            for (int pass = 0; pass < 2; pass++) {
                for (ChannelStackNode s : stacks) {
                    if (d < s.levels() && s.waitsForDeeperLevels() == (pass == 0)) {
                        here.add(s.level(d));
                    }
                }
            }
            byLevel[d] = here.toArray(new ChannelNode[0]);
            ordered.addAll(here);
        }
        for (ChannelNode n : graph.channelNodes()) {
            if (n.stack() == null) {
                ordered.add(n);
            }
        }
        this.order = List.copyOf(ordered);
    }

    /** Every channel node, in the order executors try them. */
    public List<ChannelNode> priorityOrder() {
        return order;
    }

    /** True when some stack waits for deeper levels (else {@link #mayDispatch} is always true). */
    public boolean constrained() {
        return constrained;
    }

    /** Deepest level of any stack plus one. */
    public int levels() {
        return byLevel.length;
    }

    /** The stack channels at level {@code d}, in priority order. */
    public List<ChannelNode> level(int d) {
        return List.of(byLevel[d]);
    }

    /** Whether {@code node} may be dispatched now, given the work in flight (class comment). */
    public boolean mayDispatch(ChannelNode node, InFlight inFlight) {
        ChannelStackNode stack = node.stack();
        if (stack == null || !stack.waitsForDeeperLevels()) {
            return true;
        }
        long before = inFlight.epoch();
        for (int d = node.level() + 1; d < byLevel.length; d++) {
            for (ChannelNode n : byLevel[d]) {
                if (n.channel().controlReserveTail() != n.channel().controlHead() || inFlight.inFlight(n) > 0) {
                    return false;
                }
            }
        }
        return inFlight.epoch() == before;
    }
}
