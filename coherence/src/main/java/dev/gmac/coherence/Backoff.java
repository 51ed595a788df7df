package dev.gmac.coherence;

import java.util.concurrent.locks.LockSupport;

/** How a thread waits for another thread's short transition (a fetch, a flush, a drain). */
final class Backoff {
    private Backoff() {}

    /** Spin, then yield, then park for growing intervals (up to 1 ms). */
    static void pause(int round) {
        if (round < 64) {
            Thread.onSpinWait();
        } else if (round < 128) {
            Thread.yield();
        } else {
            LockSupport.parkNanos(Math.min(1_000_000L, 1_000L << Math.min(10, (round - 128) / 16)));
        }
    }
}
