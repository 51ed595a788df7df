package dev.gmac.gpu.timing;

/**
 * A kernel launch as the timing model runs it: the resources its CTAs ask of a core, and the functional model
 * that decodes and executes its warp instructions.
 *
 * @param resources what a CTA needs (threads, registers, shared memory) and how many CTAs the grid has
 * @param executor  the functional model of the launch (execute-at-issue)
 */
public record TimedKernel(KernelResources resources, WarpExecutor executor) {}
