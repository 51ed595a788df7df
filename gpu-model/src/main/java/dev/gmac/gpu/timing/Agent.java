package dev.gmac.gpu.timing;

/**
 * A component in the timing loop with its own duty cycle, beside the SIMT cores and the memory system: the
 * GPU's CTA launch unit ({@link dev.gmac.gpu.timing.core.CtaDispatcher}, the first implementation), a control
 * processor such as the channels' aggregator (Orr et al., ISCA 2014, §4: it watches channels in memory and starts
 * wavefronts mid-run), or a TM model's commit units (Fung thesis §4.2.5). The shape is Agrona's {@code Agent}: the
 * loop calls {@link #doWork} whenever {@link #nextActive()} falls due, and the agent acts on the GPU through the
 * {@link GpuControl} it was attached to. Each call reports the cycles of work it did, which the simulator charges
 * to the agent (its busy time, reported per agent in the statistics); an agent with its own clock converts its
 * cycles to core cycles itself.
 *
 * <p>Agents run on the simulation thread, in attach order at equal cycles, so a run stays deterministic.
 */
public interface Agent {
    /** A short name for statistics and messages. */
    String name();

    /** Called once, before the run's first cycle. */
    void attach(GpuControl gpu);

    /** The next core cycle at which the agent has work, or {@link Long#MAX_VALUE} when it waits for an event. */
    long nextActive();

    /** Does the work due at {@code cycle}; returns the core cycles of work done (0 when it had nothing to do). */
    long doWork(long cycle);

    /** True when the agent will start nothing more; the run ends once every agent is finished and the GPU idle. */
    boolean finished();

    /** A CTA of {@code kernel} finished on {@code core} in {@code cycle}. */
    default void ctaFinished(int core, TimedKernel kernel, int ctaId, long cycle) {}
}
