package dev.gmac.channels.idle;

/** Named idle strategies, for configuration by name and for giving each thread its own instance. */
public final class IdleStrategies {
    private IdleStrategies() {}

    /**
     * The strategy called {@code name}: {@code spin}, {@code yield}, {@code park} or {@code backoff} (each
     * call to a stateful one returns a fresh instance).
     *
     * @throws IllegalArgumentException for any other name
     */
    public static IdleStrategy named(String name) {
        switch (name) {
            case "spin":
                return BusySpinIdleStrategy.INSTANCE;
            case "yield":
                return YieldingIdleStrategy.INSTANCE;
            case "park":
                return new ParkingIdleStrategy();
            case "backoff":
                return new BackoffIdleStrategy();
            default:
                throw new IllegalArgumentException(
                        "unknown idle strategy '" + name + "'; use spin, yield, park or backoff");
        }
    }

    /**
     * An instance that behaves like {@code prototype} and shares no state with it: the same object for the
     * stateless strategies, a fresh one for {@link BackoffIdleStrategy}. Strategies of other classes are
     * returned as they are and must be thread-safe.
     */
    public static IdleStrategy copyOf(IdleStrategy prototype) {
        if (prototype instanceof BackoffIdleStrategy backoff) {
            return backoff.copy();
        }
        return prototype;
    }
}
