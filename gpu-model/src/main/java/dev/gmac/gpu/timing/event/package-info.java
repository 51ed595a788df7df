/**
 * Simulated time for the timing model: a deterministic event queue and the tick unit shared by every clock
 * domain.
 *
 * <p>Doctrine: one simulation runs on one thread; nothing here is thread-safe. Events at equal ticks fire in the
 * order they were scheduled, which makes runs repeatable. Components own their event objects and reschedule
 * them, so the steady state allocates nothing.
 */
package dev.gmac.gpu.timing.event;
