/**
 * {@code gmac channels-study}: the GPU-channels experiments of Orr et al. (ISCA 2014, §8) from the command line.
 * Owns option parsing and the output files; the experiments themselves are {@code dev.gmac.channels.cilk.ChannelsStudy}
 * (module channels). Must not touch the executors or the engine directly.
 */
package dev.gmac.samples.cli.channels;
