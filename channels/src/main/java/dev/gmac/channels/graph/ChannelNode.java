package dev.gmac.channels.graph;

import dev.gmac.channels.Channel;
import java.util.Objects;

/**
 * A channel node of a channel-flow graph (Orr et al., ISCA 2014, §4.2): a bounded buffer of fine-grain
 * elements, all processed by the one kernel node connected to it (§3.1). It carries the channel API of Table
 * 1 ({@code talloc}, {@code enq}, {@code deq}, {@code tfree}); producers inside and outside the graph use it
 * (and not the bare {@link Channel}) for {@code enq}, so the graph can tell when it is done.
 */
public final class ChannelNode {
    private final Graph graph;
    private final int id;
    private final String name;
    private final Channel channel;
    private final long address;
    private final ChannelStackNode stack;
    private final int level;
    private volatile KernelNode consumer;

    ChannelNode(Graph graph, int id, String name, Channel channel, long address, ChannelStackNode stack, int level) {
        this.graph = graph;
        this.id = id;
        this.name = name;
        this.channel = channel;
        this.address = address;
        this.stack = stack;
        this.level = level;
    }

    /** The graph. */
    public Graph graph() {
        return graph;
    }

    /**
     * The address of the channel's region in the graph's memory, or -1 for a host-only node ({@link
     * Graph#channelNode(String, Channel)}).
     */
    public long address() {
        return address;
    }

    /** The address of byte {@code position} of the region (an element field a kernel may point to). */
    public long address(int position) {
        if (address < 0) {
            throw new IllegalStateException("channel node '" + name + "' is not in the graph's memory");
        }
        return address + position;
    }

    /** The channel stack this node is a level of, or null. */
    public ChannelStackNode stack() {
        return stack;
    }

    /** The node's level in its {@link #stack()}, or -1 for a plain channel node. */
    public int level() {
        return level;
    }

    /** The node's number in its graph (the paper's {@code chID}). */
    public int id() {
        return id;
    }

    /** The node's name, for messages. */
    public String name() {
        return name;
    }

    /** The channel underneath. */
    public Channel channel() {
        return channel;
    }

    /** The kernel node that consumes this channel, or null when none is connected yet. */
    public KernelNode consumer() {
        return consumer;
    }

    /**
     * Connects this channel to the kernel node that processes every element of it (Figure 6, line 29).
     *
     * @throws IllegalStateException when another kernel node is connected already, the kernel belongs to
     *     another graph, or the channel already holds elements
     */
    public ChannelNode connectToKernelNode(KernelNode kernel) {
        if (stack != null) {
            throw new IllegalStateException("channel node '" + name + "' is a level of channel stack '" + stack.name()
                    + "'; connect the stack (ChannelStackNode.connectToKernelNode)");
        }
        return connect(kernel);
    }

    ChannelNode connect(KernelNode kernel) {
        Objects.requireNonNull(kernel, "kernel");
        if (kernel.graph() != graph) {
            throw new IllegalStateException("kernel node '" + kernel.name() + "' belongs to another graph");
        }
        synchronized (graph) {
            if (consumer != null && consumer != kernel) {
                throw new IllegalStateException("channel node '" + name + "' is already connected to kernel node '"
                        + consumer.name() + "'; a channel is processed by exactly one kernel node");
            }
            if (consumer == null && channel.usedCount() > 0) {
                throw new IllegalStateException(
                        "connect channel node '" + name + "' to its kernel node before putting elements into it");
            }
            consumer = kernel;
            kernel.addInput(this);
        }
        return this;
    }

    /** {@link Channel#talloc}: reserves {@code count} elements, or returns {@link Channel#FULL}. */
    public long talloc(int count) {
        return channel.talloc(count);
    }

    /** {@link Channel#elementPosition}: where the element with sequence number {@code sequence} lies. */
    public int elementPosition(long sequence) {
        return channel.elementPosition(sequence);
    }

    /** {@link Channel#enq}, counted by the graph so that it knows the elements are pending. */
    public void enq(long first, int count) {
        if (consumer != null) {
            graph.addPending(count);
        }
        channel.enq(first, count);
    }

    /** {@link Channel#deq}: the byte position of the element at data offset {@code offset}. */
    public int deq(int offset) {
        return channel.deq(offset);
    }

    /** {@link Channel#tfree}: the element at data offset {@code offset} is done. */
    public void tfree(int offset) {
        channel.tfree(offset);
    }

    public int getInt(int position) {
        return channel.getInt(position);
    }

    public void putInt(int position, int value) {
        channel.putInt(position, value);
    }

    public long getLong(int position) {
        return channel.getLong(position);
    }

    public void putLong(int position, long value) {
        channel.putLong(position, value);
    }

    public double getDouble(int position) {
        return channel.getDouble(position);
    }

    public void putDouble(int position, double value) {
        channel.putDouble(position, value);
    }

    @Override
    public String toString() {
        return "ChannelNode[" + id + " '" + name + "', " + channel.layout() + "]";
    }
}
