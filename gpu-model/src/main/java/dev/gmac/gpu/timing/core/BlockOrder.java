package dev.gmac.gpu.timing.core;

import dev.gmac.gpu.timing.config.BlockPriority;

/**
 * The order of CTAs that thread block prioritization (Fung thesis §3.6.2) gives one SIMT core, shared by all of the
 * core's {@link BlockPriorityScheduler}s. The thesis's Ch3 core has one scheduler; a core with several (the
 * {@code core.schedulers} halves of a 16x2 datapath) still has one block priority, so that a CTA's warps on every
 * scheduler move together between the synchronisations of thread block compaction (decision 0337):
 *
 * <ul>
 *   <li>{@code age}: the oldest CTA first;
 *   <li>{@code rrb}: the first CTA considered rotates by one every cycle (every cycle of the core's clock, also the
 *       cycles in which the core sleeps because no warp can issue);
 *   <li>{@code srr}: the sticky CTA keeps first place while any of its warps is ready for issue on any scheduler:
 *       issued, or ready but held by a busy pipeline or load/store unit (a stall, not a warp that is not ready:
 *       the thesis's Figures 3.11-3.12 count it as Stall; decision 0339). In a cycle in which none is and some
 *       scheduler issues another CTA's warp, the next such CTA in round-robin (dispatch) order becomes sticky. A
 *       sticky CTA that leaves the core hands priority to the next one in that order. A warp slot that holds no
 *       warp to run (left without an issue group by thread block compaction, {@link IssueProbe#holdsNoWarp}) is
 *       never a warp of its CTA issuing (decision 0343).
 * </ul>
 *
 * <p>CTAs are named by their dispatch age on the core ({@code CtaSlot.age}: unique, increasing), so a scheduler
 * that holds none of the sticky CTA's warps still knows where the round-robin order continues.
 */
final class BlockOrder {
    private final BlockPriority policy;
    private long cycle;
    /** SRR: the dispatch age of the CTA with priority, or -1 before any issue. */
    private long stickyAge = -1;
    /** SRR, this cycle: some scheduler issued a warp of the sticky CTA, or found one ready but stalled. */
    private boolean stickyReady;
    /** SRR, this cycle: the first other CTA in round-robin order that some scheduler issued from, or -1. */
    private long nextAge = -1;

    BlockOrder(BlockPriority policy) {
        if (policy == BlockPriority.NONE) {
            throw new IllegalArgumentException("block priority 'none' needs no block order");
        }
        this.policy = policy;
    }

    /** The core starts cycle {@code now}: the last cycle's issues decide SRR's sticky CTA. */
    void beginCycle(long now) {
        if (!stickyReady && nextAge >= 0) {
            stickyAge = nextAge;
        }
        stickyReady = false;
        nextAge = -1;
        cycle = now;
    }

    /**
     * Index into {@code ages[0..count)} (dispatch ages in increasing order) of the CTA a scheduler considers
     * first this cycle.
     */
    int first(long[] ages, int count) {
        switch (policy) {
            case RRB:
                return (int) Long.remainderUnsigned(cycle, count);
            case SRR:
                for (int c = 0; c < count; c++) {
                    if (ages[c] >= stickyAge) {
                        return c; // the sticky CTA, or the next one after it when it has left this scheduler
                    }
                }
                return 0;
            default:
                return 0;
        }
    }

    /** A scheduler issued a warp of the CTA of dispatch age {@code age} (a warp that runs, not an empty slot). */
    void issued(long age) {
        if (policy != BlockPriority.SRR) {
            return;
        }
        if (stickyAge < 0) {
            stickyAge = age;
        }
        if (age == stickyAge) {
            stickyReady = true;
        } else if (nextAge < 0 || rank(age) < rank(nextAge)) {
            nextAge = age;
        }
    }

    /**
     * A scheduler found a warp of the CTA of dispatch age {@code age} ready but held by a busy unit this cycle (and
     * issued another CTA's warp, or none).
     */
    void stalled(long age) {
        if (age == stickyAge) {
            stickyReady = true;
        }
    }

    /** Position of {@code age} in round-robin order starting after the sticky CTA. */
    private long rank(long age) {
        return age > stickyAge ? age - stickyAge : Long.MAX_VALUE / 2 + age;
    }
}
