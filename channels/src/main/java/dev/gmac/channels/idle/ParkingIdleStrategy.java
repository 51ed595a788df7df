package dev.gmac.channels.idle;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Parks the thread for a fixed time at every idle step ({@link LockSupport#parkNanos}): almost no CPU while
 * idle, wake-up latency of about the park time plus the OS timer slack. Stateless and thread-safe.
 */
public final class ParkingIdleStrategy implements IdleStrategy {
    /** Default park time: 50 µs. */
    public static final long DEFAULT_PARK_NANOS = TimeUnit.MICROSECONDS.toNanos(50);

    private final long parkNanos;

    /** Parks {@link #DEFAULT_PARK_NANOS} per step. */
    public ParkingIdleStrategy() {
        this(DEFAULT_PARK_NANOS);
    }

    /** Parks {@code parkNanos} (at least 1) per step. */
    public ParkingIdleStrategy(long parkNanos) {
        if (parkNanos <= 0) {
            throw new IllegalArgumentException("park time must be at least 1 ns, got " + parkNanos);
        }
        this.parkNanos = parkNanos;
    }

    /** Nanoseconds parked per idle step. */
    public long parkNanos() {
        return parkNanos;
    }

    @Override
    public void idle() {
        LockSupport.parkNanos(parkNanos);
    }

    @Override
    public void reset() {}

    @Override
    public String alias() {
        return "park";
    }
}
