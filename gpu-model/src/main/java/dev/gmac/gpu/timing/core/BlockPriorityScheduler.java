package dev.gmac.gpu.timing.core;

import dev.gmac.gpu.timing.config.BlockPriority;
import java.util.Arrays;

/**
 * Thread block prioritization (Fung thesis §3.6.2; digest §2.6): the scheduler orders CTAs by a {@link
 * BlockPriority} policy and, inside a CTA, takes its warps loose round-robin ("warps within a thread block are
 * always scheduled with loose round-robin policy"). The first warp the probe accepts issues.
 *
 * <ul>
 *   <li>{@code age}: CTAs in dispatch order, oldest first;
 *   <li>{@code rrb}: the first CTA considered rotates by one every cycle;
 *   <li>{@code srr}: the CTA that issued last keeps first place until it has no ready warp; the search then goes on
 *       round-robin from it, and the CTA that issues becomes sticky.
 * </ul>
 */
public final class BlockPriorityScheduler implements WarpScheduler {
    private final BlockPriority policy;
    /** Per resident CTA (in dispatch order): its local slot id, age, warps (slot order) and last issued warp. */
    private int[] ctaIds = new int[4];

    private long[] ctaAges = new long[4];
    private int[][] warps = new int[4][];
    private int[] warpCounts = new int[4];
    private int[] lastIssued = new int[4];
    private int ctaCount;
    private int size;
    private int rotation;
    private int sticky = -1;
    private final int maxWarps;
    /** The CTA of each warp slot this scheduler holds, as a local CTA id. */
    private final int[] ctaOf;

    /** A scheduler with {@code policy} for a core with {@code maxWarps} warp slots. */
    public BlockPriorityScheduler(BlockPriority policy, int maxWarps) {
        if (policy == BlockPriority.NONE) {
            throw new IllegalArgumentException("block priority 'none' needs no block scheduler");
        }
        this.policy = policy;
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
        if (sticky >= c) {
            sticky++;
        }
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
            if (sticky == c) {
                sticky = -1;
            } else if (sticky > c) {
                sticky--;
            }
        }
    }

    @Override
    public int select(IssueProbe probe) {
        if (size == 0) {
            return -1;
        }
        int first;
        switch (policy) {
            case RRB:
                first = rotation++ % ctaCount;
                if (rotation >= ctaCount) {
                    rotation = 0;
                }
                break;
            case SRR:
                first = sticky >= 0 && sticky < ctaCount ? sticky : 0;
                break;
            default:
                first = 0;
                break;
        }
        for (int k = 0; k < ctaCount; k++) {
            int c = (first + k) % ctaCount;
            int w = selectInCta(c, probe);
            if (w >= 0) {
                sticky = c;
                return w;
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
