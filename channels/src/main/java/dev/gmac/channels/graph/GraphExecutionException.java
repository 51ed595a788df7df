package dev.gmac.channels.graph;

/**
 * A kernel node failed while a graph was executing. The message names the kernel node, the channel node and
 * the data offset of the element it was processing.
 */
public class GraphExecutionException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String kernelNode;
    private final String channelNode;
    private final int offset;

    public GraphExecutionException(String kernelNode, String channelNode, int offset, Throwable cause) {
        super(
                "kernel node '" + kernelNode + "' failed on the element at data offset " + offset + " of channel node '"
                        + channelNode + "': " + cause,
                cause);
        this.kernelNode = kernelNode;
        this.channelNode = channelNode;
        this.offset = offset;
    }

    /** Name of the kernel node that failed. */
    public String kernelNode() {
        return kernelNode;
    }

    /** Name of the channel node whose element it was processing. */
    public String channelNode() {
        return channelNode;
    }

    /** Data-array offset of that element. */
    public int offset() {
        return offset;
    }
}
