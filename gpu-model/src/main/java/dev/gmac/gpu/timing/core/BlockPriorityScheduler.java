package dev.gmac.gpu.timing.core;

import dev.gmac.gpu.timing.config.BlockPriority;
import java.util.Arrays;

/**
 * Thread block prioritization (Fung thesis §3.6.2; digest §2.6): the scheduler orders CTAs by the core's {@link
 * BlockOrder} (AGE, RRB or SRR, one order shared by all of the core's schedulers) and, inside a CTA, takes its warps
 * loose round-robin ("warps within a thread block are always scheduled with loose round-robin policy"). The first
 * warp the probe accepts issues. A slot that holds no warp ({@link IssueProbe#holdsNoWarp}) is returned so that the
 * core can retire or park it, but it is not its CTA issuing (decision 0343).
 */
public final class BlockPriorityScheduler implements WarpScheduler {
    private final BlockOrder order;
    /** Per resident CTA (in dispatch order): its local slot id, age, warps (slot order) and last issued warp. */
    private int[] ctaIds = new int[4];

    private long[] ctaAges = new long[4];
    private int[][] warps = new int[4][];
    private int[] warpCounts = new int[4];
    private int[] lastIssued = new int[4];
    private int ctaCount;
    private int size;
    private final int maxWarps;
    /** The CTA of each warp slot this scheduler holds, as a local CTA id. */
    private final int[] ctaOf;

    /** The cycle count of a scheduler that drives its own order (one {@link #select} per cycle), else -1. */
    private long ownCycle = -1;

    /**
     * The only scheduler of a core with {@code maxWarps} warp slots, with block priority {@code policy}: each call of
     * {@link #select} is one cycle.
     */
    public BlockPriorityScheduler(BlockPriority policy, int maxWarps) {
        this(new BlockOrder(policy), maxWarps);
        this.ownCycle = 0;
    }

    /** One of the schedulers of a core whose CTAs are ordered by {@code order}, which the core steps each cycle. */
    BlockPriorityScheduler(BlockOrder order, int maxWarps) {
        this.order = order;
        this.maxWarps = maxWarps;
        this.ctaOf = new int[maxWarps];
        Arrays.fill(ctaOf, -1);
    }

    @Override
    public void add(int warpSlot, long age) {
        add(warpSlot, age, 0, 0);
    }

    @Override
    public void add(int warpSlot, long age, int cta, long ctaAge) {
        int c = indexOfCta(cta);
        if (c < 0) {
            c = insertCta(cta, ctaAge);
        }
        int[] ws = warps[c];
        int n = warpCounts[c];
        int i = n;
        while (i > 0 && ws[i - 1] > warpSlot) {
            ws[i] = ws[i - 1];
            i--;
        }
        ws[i] = warpSlot;
        warpCounts[c] = n + 1;
        ctaOf[warpSlot] = cta;
        size++;
    }

    private int indexOfCta(int cta) {
        for (int c = 0; c < ctaCount; c++) {
            if (ctaIds[c] == cta) {
                return c;
            }
        }
        return -1;
    }

    /** Inserts a CTA keeping dispatch (age) order. */
    private int insertCta(int cta, long ctaAge) {
        if (ctaCount == ctaIds.length) {
            int n = ctaIds.length * 2;
            ctaIds = Arrays.copyOf(ctaIds, n);
            ctaAges = Arrays.copyOf(ctaAges, n);
            warps = Arrays.copyOf(warps, n);
            warpCounts = Arrays.copyOf(warpCounts, n);
            lastIssued = Arrays.copyOf(lastIssued, n);
        }
        int c = ctaCount;
        while (c > 0 && ctaAges[c - 1] > ctaAge) {
            ctaIds[c] = ctaIds[c - 1];
            ctaAges[c] = ctaAges[c - 1];
            warps[c] = warps[c - 1];
            warpCounts[c] = warpCounts[c - 1];
            lastIssued[c] = lastIssued[c - 1];
            c--;
        }
        ctaIds[c] = cta;
        ctaAges[c] = ctaAge;
        warps[c] = new int[maxWarps];
        warpCounts[c] = 0;
        lastIssued[c] = -1;
        ctaCount++;
        return c;
    }

    @Override
    public void remove(int warpSlot) {
        int cta = ctaOf[warpSlot];
        int c = indexOfCta(cta);
        if (c < 0) {
            return;
        }
        int[] ws = warps[c];
        int n = warpCounts[c];
        for (int i = 0; i < n; i++) {
            if (ws[i] == warpSlot) {
                System.arraycopy(ws, i + 1, ws, i, n - i - 1);
                warpCounts[c] = n - 1;
                size--;
                break;
            }
        }
        ctaOf[warpSlot] = -1;
        if (warpCounts[c] == 0) {
            System.arraycopy(ctaIds, c + 1, ctaIds, c, ctaCount - c - 1);
            System.arraycopy(ctaAges, c + 1, ctaAges, c, ctaCount - c - 1);
            System.arraycopy(warps, c + 1, warps, c, ctaCount - c - 1);
            System.arraycopy(warpCounts, c + 1, warpCounts, c, ctaCount - c - 1);
            System.arraycopy(lastIssued, c + 1, lastIssued, c, ctaCount - c - 1);
            ctaCount--;
        }
    }

    @Override
    public int select(IssueProbe probe) {
        if (ownCycle >= 0) {
            order.beginCycle(ownCycle++);
        }
        if (size == 0) {
            return -1;
        }
        int first = order.first(ctaAges, ctaCount);
        for (int k = 0; k < ctaCount; k++) {
            int c = (first + k) % ctaCount;
            long stalls = k == 0 ? probe.stalledProbes() : 0;
            int w = selectInCta(c, probe);
            if (w >= 0 && !probe.holdsNoWarp(w)) {
                order.issued(ctaAges[c]);
                return w;
            }
            if (k == 0 && probe.stalledProbes() != stalls) {
                order.stalled(ctaAges[c]); // a ready warp held by a busy unit: under SRR its CTA keeps priority
            }
            if (w >= 0) {
                return w; // a slot without a warp: the core retires or parks it and asks again; its CTA did not issue
            }
        }
        return -1;
    }

    /** Loose round-robin among the warps of CTA {@code c}. */
    private int selectInCta(int c, IssueProbe probe) {
        int[] ws = warps[c];
        int n = warpCounts[c];
        int start = 0;
        while (start < n && ws[start] <= lastIssued[c]) {
            start++;
        }
        for (int k = 0; k < n; k++) {
            int i = start + k;
            int w = ws[i >= n ? i - n : i];
            if (probe.canIssue(w)) {
                lastIssued[c] = w;
                return w;
            }
        }
        return -1;
    }

    @Override
    public int size() {
        return size;
    }
}
