package dev.gmac.channels.idle;

/**
 * Spins with {@link Thread#onSpinWait()}: the lowest wake-up latency, a whole core burnt while idle. Use only
 * with a core per spinning thread. Stateless and thread-safe.
 */
public final class BusySpinIdleStrategy implements IdleStrategy {
    /** The one instance. */
    public static final BusySpinIdleStrategy INSTANCE = new BusySpinIdleStrategy();

    private BusySpinIdleStrategy() {}

    @Override
    public void idle() {
        Thread.onSpinWait();
    }

    @Override
    public void reset() {}

    @Override
    public String alias() {
        return "spin";
    }
}
