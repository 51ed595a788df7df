package dev.gmac.channels.graph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A kernel node of a channel-flow graph (Orr et al., ISCA 2014, §4.2): a function that consumes the elements
 * of the channel nodes connected to it and may produce elements into others, like a TBB function node.
 * Constant arguments 2, 3, ... are set as in Figure 6 ({@code setConstArg}); arguments 0 and 1, the source
 * channel and the element's offset, are supplied per element by the executor. A node has a host form (a Java
 * {@link Kernel}) and may have a GPU form ({@link #ptx(PtxKernel)}); on the GPU a constant argument that is a
 * {@link ChannelNode} or {@link ChannelStackNode} is passed as its channel id, a {@link GraphBuffer} as its
 * address, a number as its value.
 */
public final class KernelNode {
    /** Index of the first constant argument; 0 and 1 are the source channel and data offset. */
    public static final int FIRST_CONST_ARG = 2;

    private final Graph graph;
    private final int id;
    private final String name;
    private final Kernel kernel;
    private final List<ChannelNode> inputs = new ArrayList<>();
    private final List<ChannelNode> outputs = new ArrayList<>();
    private volatile Object[] constArgs = new Object[FIRST_CONST_ARG];
    private volatile PtxKernel ptx;

    KernelNode(Graph graph, int id, String name, Kernel kernel) {
        this.graph = graph;
        this.id = id;
        this.name = name;
        this.kernel = kernel;
    }

    /** The graph. */
    public Graph graph() {
        return graph;
    }

    /** The node's number in its graph. */
    public int id() {
        return id;
    }

    /** The node's name, for messages. */
    public String name() {
        return name;
    }

    /** The function run per element by the host executor. */
    public Kernel kernel() {
        return kernel;
    }

    /** Gives the node its GPU form: a PTX kernel that does per work-item what {@link #kernel()} does per element. */
    public KernelNode ptx(PtxKernel gpuKernel) {
        this.ptx = Objects.requireNonNull(gpuKernel, "gpuKernel");
        return this;
    }

    /** The node's GPU form, or null when it has none (it then runs only on the host). */
    public PtxKernel ptx() {
        return ptx;
    }

    /** The constant arguments set so far, from index 2 ({@code null} where one is missing). */
    public List<Object> constArgs() {
        Object[] args = constArgs;
        return java.util.Collections.unmodifiableList(
                java.util.Arrays.asList(Arrays.copyOfRange(args, FIRST_CONST_ARG, args.length)));
    }

    /**
     * Sets constant argument {@code index} (2 or more) to {@code value} for every invocation (Figure 6, lines
     * 27–28). Set arguments before {@link Graph#execute()}.
     *
     * @throws IllegalArgumentException for index 0 or 1, which the executor supplies
     */
    public KernelNode setConstArg(int index, Object value) {
        if (index < FIRST_CONST_ARG) {
            throw new IllegalArgumentException("arguments 0 and 1 of kernel node '" + name
                    + "' are the source channel and data offset, supplied per element; constant arguments start at "
                    + FIRST_CONST_ARG);
        }
        synchronized (graph) {
            Object[] args = constArgs;
            if (index >= args.length) {
                args = Arrays.copyOf(args, index + 1);
            } else {
                args = args.clone();
            }
            args[index] = value;
            constArgs = args;
        }
        return this;
    }

    /**
     * Constant argument {@code index}.
     *
     * @throws IllegalArgumentException when it was never set
     */
    public Object constArg(int index) {
        Object[] args = constArgs;
        if (index < FIRST_CONST_ARG || index >= args.length || args[index] == null) {
            throw new IllegalArgumentException("kernel node '" + name + "' has no constant argument " + index
                    + "; set it with setConstArg(" + index + ", value)");
        }
        return args[index];
    }

    /**
     * Declares that this kernel produces into {@code channel} (an edge of the flow graph). Executors do not
     * need it to run the graph; it documents the graph and lets a scheduler order channels.
     */
    public KernelNode connectToChannelNode(ChannelNode channel) {
        Objects.requireNonNull(channel, "channel");
        synchronized (graph) {
            if (!outputs.contains(channel)) {
                outputs.add(channel);
            }
        }
        return this;
    }

    void addInput(ChannelNode channel) {
        if (!inputs.contains(channel)) {
            inputs.add(channel);
        }
    }

    /** The channel nodes this kernel consumes. */
    public List<ChannelNode> inputs() {
        synchronized (graph) {
            return List.copyOf(inputs);
        }
    }

    /** The channel nodes this kernel is declared to produce into. */
    public List<ChannelNode> outputs() {
        synchronized (graph) {
            return List.copyOf(outputs);
        }
    }

    @Override
    public String toString() {
        return "KernelNode[" + id + " '" + name + "']";
    }
}
