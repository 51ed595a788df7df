package dev.gmac.channels.graph;

import java.util.ArrayList;
import java.util.List;

/**
 * A stack of channels (Orr et al., ISCA 2014, §5.2-5.3, Figures 10-12): one channel per level of a recursion, all
 * consumed by one kernel node, so that the scheduler can tell tasks of different recursion depths apart. A task
 * at depth {@code d} produces into level {@code d + 1} of a spawn stack (its children) or level {@code d} of a
 * continuation stack; virtual memory for every level is allocated up front, as CPU threads get private stacks.
 *
 * <p>Executors dispatch deeper levels first (help-first scheduling with bounded memory: base cases free space,
 * §5.3). A stack marked {@link #afterDeeperLevels()} holds Cilk continuations: its level {@code d} is dispatched
 * only when no level deeper than {@code d} of any stack of the graph has elements ready or work in flight
 * (levelization, §5.2), so a continuation runs after every task its subtree spawned. See {@link Levelization}.
 */
public final class ChannelStackNode {
    private final Graph graph;
    private final String name;
    private final int index;
    private final List<ChannelNode> levels = new ArrayList<>();
    private volatile boolean afterDeeperLevels;

    ChannelStackNode(Graph graph, String name, int index) {
        this.graph = graph;
        this.name = name;
        this.index = index;
    }

    void addLevel(ChannelNode node) {
        levels.add(node);
    }

    /** The stack's name. */
    public String name() {
        return name;
    }

    /** The stack's number in its graph (creation order). */
    public int index() {
        return index;
    }

    /** Number of levels. */
    public int levels() {
        return levels.size();
    }

    /** The channel of level {@code d}. */
    public ChannelNode level(int d) {
        if (d < 0 || d >= levels.size()) {
            throw new IndexOutOfBoundsException("channel stack '" + name + "' has levels 0 to " + (levels.size() - 1)
                    + ", not " + d + "; make the stack deeper");
        }
        return levels.get(d);
    }

    /** The channel id of level 0; level {@code d} has id {@code id() + d} (what GPU kernels are given). */
    public int id() {
        return levels.get(0).id();
    }

    /** Every level, shallowest first. */
    public List<ChannelNode> channels() {
        return List.copyOf(levels);
    }

    /** Connects every level to {@code kernel}, the one kernel node that processes the stack's elements. */
    public ChannelStackNode connectToKernelNode(KernelNode kernel) {
        for (ChannelNode node : levels) {
            node.connect(kernel);
        }
        return this;
    }

    /**
     * Marks this stack as one of continuations: level {@code d} runs only after every deeper level of every stack
     * is drained (levelization, §5.2). Set it before the graph executes.
     */
    public ChannelStackNode afterDeeperLevels() {
        afterDeeperLevels = true;
        return this;
    }

    /** True when {@link #afterDeeperLevels()} was called. */
    public boolean waitsForDeeperLevels() {
        return afterDeeperLevels;
    }

    Graph graph() {
        return graph;
    }

    @Override
    public String toString() {
        return "ChannelStackNode['" + name + "', " + levels.size() + " levels"
                + (afterDeeperLevels ? ", after deeper" : "") + "]";
    }
}
