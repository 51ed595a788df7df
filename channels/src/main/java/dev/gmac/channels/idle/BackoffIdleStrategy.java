package dev.gmac.channels.idle;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Spins, then yields, then parks with a park time that doubles from a minimum to a maximum: low latency for
 * short gaps, little CPU for long ones. Stateful: one instance per thread.
 */
public final class BackoffIdleStrategy implements IdleStrategy {
    /** Default spin steps before yielding. */
    public static final int DEFAULT_MAX_SPINS = 100;
    /** Default yield steps before parking. */
    public static final int DEFAULT_MAX_YIELDS = 20;
    /** Default shortest park: 1 µs. */
    public static final long DEFAULT_MIN_PARK_NANOS = TimeUnit.MICROSECONDS.toNanos(1);
    /** Default longest park: 1 ms. */
    public static final long DEFAULT_MAX_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    /** Where the strategy is in its back-off. */
    public enum Phase {
        NOT_IDLE,
        SPINNING,
        YIELDING,
        PARKING
    }

    private final int maxSpins;
    private final int maxYields;
    private final long minParkNanos;
    private final long maxParkNanos;

    private Phase phase = Phase.NOT_IDLE;
    private int spins;
    private int yields;
    private long parkNanos;

    /** The default back-off: 100 spins, 20 yields, parks from 1 µs doubling to 1 ms. */
    public BackoffIdleStrategy() {
        this(DEFAULT_MAX_SPINS, DEFAULT_MAX_YIELDS, DEFAULT_MIN_PARK_NANOS, DEFAULT_MAX_PARK_NANOS);
    }

    /**
     * A back-off of {@code maxSpins} spin steps, then {@code maxYields} yield steps, then parks from {@code
     * minParkNanos} doubling up to {@code maxParkNanos}.
     */
    public BackoffIdleStrategy(int maxSpins, int maxYields, long minParkNanos, long maxParkNanos) {
        if (maxSpins < 0 || maxYields < 0) {
            throw new IllegalArgumentException(
                    "spin and yield steps must not be negative, got " + maxSpins + " and " + maxYields);
        }
        if (minParkNanos <= 0 || maxParkNanos < minParkNanos) {
            throw new IllegalArgumentException("park times must satisfy 0 < min <= max, got min " + minParkNanos
                    + " ns and max " + maxParkNanos + " ns");
        }
        this.maxSpins = maxSpins;
        this.maxYields = maxYields;
        this.minParkNanos = minParkNanos;
        this.maxParkNanos = maxParkNanos;
    }

    /** A fresh instance with the same settings, for another thread. */
    public BackoffIdleStrategy copy() {
        return new BackoffIdleStrategy(maxSpins, maxYields, minParkNanos, maxParkNanos);
    }

    /** The phase the next {@link #idle()} step continues from. */
    public Phase phase() {
        return phase;
    }

    /** The time the next park step would take (meaningful in {@link Phase#PARKING}). */
    public long nextParkNanos() {
        return parkNanos;
    }

    @Override
    public void idle() {
        if (phase == Phase.NOT_IDLE) {
            phase = Phase.SPINNING;
            spins = 0;
        }
        if (phase == Phase.SPINNING) {
            if (spins < maxSpins) {
                spins++;
                Thread.onSpinWait();
                return;
            }
            phase = Phase.YIELDING;
            yields = 0;
        }
        if (phase == Phase.YIELDING) {
            if (yields < maxYields) {
                yields++;
                Thread.yield();
                return;
            }
            phase = Phase.PARKING;
            parkNanos = minParkNanos;
        }
        LockSupport.parkNanos(parkNanos);
        parkNanos = Math.min(parkNanos << 1, maxParkNanos);
    }

    @Override
    public void reset() {
        phase = Phase.NOT_IDLE;
        spins = 0;
        yields = 0;
        parkNanos = minParkNanos;
    }

    @Override
    public String alias() {
        return "backoff";
    }
}
