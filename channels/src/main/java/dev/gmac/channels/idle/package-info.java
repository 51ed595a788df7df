/**
 * Idle strategies for threads that wait on channels: busy spin, yield, park and back-off, in the shape of
 * Agrona's {@code IdleStrategy} (our own code). The GPU side of Orr et al. (ISCA 2014, §6) has the aggregator
 * and wavefront yield instead; these are their host counterparts.
 */
package dev.gmac.channels.idle;
