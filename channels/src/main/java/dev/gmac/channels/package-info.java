/**
 * GPU channels (Orr et al., "Fine-grain task aggregation and coordination on GPUs", ISCA 2014, §3–4): the
 * lock-free array channel with {@code talloc}/{@code enq}/{@code deq}/{@code tfree}, channel-flow graphs and
 * their executors.
 *
 * <p>The channel is a fixed memory layout that Java host threads and simulated wavefronts share. May depend
 * on {@code gpu-model} only; must not depend on {@code coherence}, {@code gmac-api} or {@code samples}.
 */
package dev.gmac.channels;
