package dev.gmac.gpu.timing.core;

/** Something in the core waiting for memory segments: an issued load, or a read of the transaction log unit. */
interface SegmentWaiter {
    /**
     * One segment's data is usable at tick {@code tick}.
     *
     * @return the cycle the whole wait completes, or -1 while segments remain
     */
    long segmentDone(long tick);
}
