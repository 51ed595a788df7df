package dev.gmac.channels.idle;

/**
 * Gives the core away with {@link Thread#yield()} at every idle step: low latency while other threads can
 * use the core, still 100% CPU when nothing else is runnable. Stateless and thread-safe.
 */
public final class YieldingIdleStrategy implements IdleStrategy {
    /** The one instance. */
    public static final YieldingIdleStrategy INSTANCE = new YieldingIdleStrategy();

    private YieldingIdleStrategy() {}

    @Override
    public void idle() {
        Thread.yield();
    }

    @Override
    public void reset() {}

    @Override
    public String alias() {
        return "yield";
    }
}
