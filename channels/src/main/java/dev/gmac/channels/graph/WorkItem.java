package dev.gmac.channels.graph;

/**
 * One invocation of a {@link Kernel} on one channel element: the host counterpart of a GPU work-item that the
 * aggregator pointed at a control-array entry (Orr et al., ISCA 2014, §3.2.1 and Figure 6).
 *
 * <p>An executor may reuse one work item for many invocations on the same thread: do not keep it after
 * {@link Kernel#run} returns.
 */
public interface WorkItem {
    /** The channel node the element came from (argument 0, the paper's {@code srcID}). */
    ChannelNode source();

    /** The element's data-array offset in {@link #source()} (argument 1, the paper's {@code srcOff}). */
    int offset();

    /** The kernel node being run. */
    KernelNode kernel();

    /**
     * Constant argument {@code index} (2 or more) as set by {@link KernelNode#setConstArg}.
     *
     * @throws IllegalArgumentException when it was never set
     */
    Object constArg(int index);

    /**
     * Constant argument {@code index}, checked against {@code type}.
     *
     * @throws IllegalArgumentException when it was never set or has another type
     */
    default <T> T constArg(int index, Class<T> type) {
        Object value = constArg(index);
        if (!type.isInstance(value)) {
            throw new IllegalArgumentException("constant argument " + index + " of kernel node '" + kernel().name()
                    + "' is a " + value.getClass().getName() + ", not a " + type.getName());
        }
        return type.cast(value);
    }

    /**
     * Reserves {@code count} elements in {@code destination}, waiting while it is full (the host stand-in for
     * the wavefront yield of §6): the executor idles and retries until space is freed or its full-channel
     * timeout passes.
     *
     * @return the first reserved sequence number
     * @throws dev.gmac.channels.ChannelFullException when the channel stayed full for the whole timeout
     */
    long talloc(ChannelNode destination, int count);
}
