package dev.gmac.channels.idle;

/**
 * What a consumer (or a producer facing a full channel) does while it finds no work: the duty-cycle shape of
 * Agrona's {@code IdleStrategy}. On the GPU the same decision is the aggregator's (Orr et al., ISCA 2014, §3.1
 * and §6: it dispatches work when a channel's predicate holds and restarts yielded wavefronts); on the host
 * each thread chooses.
 *
 * <p>Use it in a loop: {@code idle(doWork())}. A positive work count resets the strategy; zero makes it idle
 * one step, each step possibly longer than the last. Stateful strategies are not thread-safe: give every
 * thread its own instance (see {@link IdleStrategies#copyOf}).
 */
public interface IdleStrategy {
    /** Resets after work was done ({@code workCount > 0}), otherwise idles one step. */
    default void idle(int workCount) {
        if (workCount > 0) {
            reset();
        } else {
            idle();
        }
    }

    /** Idles one step. */
    void idle();

    /** Forgets any back-off state: the next {@link #idle()} is the shortest step. */
    void reset();

    /** A short name for logs and reports. */
    String alias();
}
