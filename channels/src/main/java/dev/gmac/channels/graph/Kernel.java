package dev.gmac.channels.graph;

/**
 * The function of a {@link KernelNode}, run once per channel element it consumes: the host form of a kernel
 * such as {@code FibKernel} in Figure 6 of Orr et al. (ISCA 2014, §4). The work item gives the source channel
 * and data offset (the kernel's first two arguments, which the executor fills in) and the constant arguments
 * set with {@link KernelNode#setConstArg}. Like the paper's kernels, it calls {@code deq}, may {@code
 * talloc}/{@code enq} into other channels, and calls {@code tfree} on its element when done with it.
 */
@FunctionalInterface
public interface Kernel {
    void run(WorkItem item);
}
