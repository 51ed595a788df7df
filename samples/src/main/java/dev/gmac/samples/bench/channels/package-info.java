/**
 * JMH benchmarks of the channel (Orr et al., ISCA 2014, §3.2) against JCTools' {@code MpmcArrayQueue} and the
 * LMAX Disruptor, all carrying the same 16-byte messages: {@link
 * dev.gmac.samples.bench.channels.ChannelThroughputBenchmark}.
 */
package dev.gmac.samples.bench.channels;
