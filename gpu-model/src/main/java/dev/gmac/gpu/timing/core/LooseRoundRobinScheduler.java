package dev.gmac.gpu.timing.core;

/**
 * Loose round-robin (Fung thesis Tables 3.2 and 4.4): warps are considered in slot order, starting with the one
 * after the warp that issued last, so every ready warp gets a turn; "loose" because a warp that is not ready is
 * simply skipped.
 */
public final class LooseRoundRobinScheduler implements WarpScheduler {
    private final int[] members;
    private int size;
    private int lastIssued = -1;

    /** A scheduler for a core with {@code maxWarps} warp slots. */
    public LooseRoundRobinScheduler(int maxWarps) {
        this.members = new int[maxWarps];
    }

    @Override
    public void add(int warpSlot, long age) {
        int i = size;
        while (i > 0 && members[i - 1] > warpSlot) {
            members[i] = members[i - 1];
            i--;
        }
        members[i] = warpSlot;
        size++;
    }

    @Override
    public void remove(int warpSlot) {
        for (int i = 0; i < size; i++) {
            if (members[i] == warpSlot) {
                System.arraycopy(members, i + 1, members, i, size - i - 1);
                size--;
                return;
            }
        }
    }

    @Override
    public int select(IssueProbe probe) {
        if (size == 0) {
            return -1;
        }
        int start = 0;
        while (start < size && members[start] <= lastIssued) {
            start++;
        }
        for (int k = 0; k < size; k++) {
            int i = start + k;
            int w = members[i >= size ? i - size : i];
            if (probe.canIssue(w)) {
                lastIssued = w;
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
