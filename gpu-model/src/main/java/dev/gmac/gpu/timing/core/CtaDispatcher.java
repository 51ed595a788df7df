package dev.gmac.gpu.timing.core;

import dev.gmac.gpu.timing.Agent;
import dev.gmac.gpu.timing.GpuControl;
import dev.gmac.gpu.timing.TimedKernel;

/**
 * The GPU's CTA launch unit (Fung thesis §2.3.1) for one kernel, as an {@link Agent} in the timing loop: at the
 * kernel's start it fills the cores round-robin, one CTA per core per round, while each core has room; afterwards
 * each finished CTA is replaced by the next one in grid order on the core that freed it, from the following cycle.
 * Dispatch itself costs no modelled cycles.
 */
public final class CtaDispatcher implements Agent {
    private final TimedKernel kernel;
    private final int ctaCount;
    private GpuControl gpu;
    private long startCycle;
    private boolean started;
    private int next;
    private int finished;

    /** Dispatches the CTAs of {@code kernel} from {@code startCycle}. */
    public CtaDispatcher(TimedKernel kernel, long startCycle) {
        this.kernel = kernel;
        this.ctaCount = kernel.resources().ctaCount();
        this.startCycle = startCycle;
    }

    @Override
    public String name() {
        return "cta-dispatcher(" + kernel.resources().name() + ")";
    }

    @Override
    public void attach(GpuControl gpu) {
        this.gpu = gpu;
        gpu.occupancy(kernel); // fails early when one CTA does not fit in a core
    }

    @Override
    public long nextActive() {
        return started ? Long.MAX_VALUE : startCycle;
    }

    @Override
    public long doWork(long cycle) {
        if (started) {
            return 0;
        }
        started = true;
        boolean placed = true;
        while (placed && next < ctaCount) {
            placed = false;
            for (int core = 0; core < gpu.coreCount() && next < ctaCount; core++) {
                if (gpu.canStartCta(core, kernel)) {
                    gpu.startCta(core, kernel, next++, cycle);
                    placed = true;
                }
            }
        }
        return 0;
    }

    @Override
    public void ctaFinished(int core, TimedKernel k, int ctaId, long cycle) {
        if (k != kernel) {
            return;
        }
        finished++;
        if (next < ctaCount && gpu.canStartCta(core, kernel)) {
            gpu.startCta(core, kernel, next++, cycle + 1);
        }
    }

    @Override
    public boolean finished() {
        return finished == ctaCount;
    }

    /** CTAs not yet finished. */
    public int unfinished() {
        return ctaCount - finished;
    }
}
