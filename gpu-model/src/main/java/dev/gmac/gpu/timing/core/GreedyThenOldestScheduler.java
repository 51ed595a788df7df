package dev.gmac.gpu.timing.core;

/**
 * Greedy-then-oldest (Fung thesis Table 6.1; GPGPU architecture slides, "Issue"): keep issuing from the warp
 * that issued last while it can; when it cannot, take the oldest ready warp (the one started first).
 */
public final class GreedyThenOldestScheduler implements WarpScheduler {
    private final int[] members;
    private int size;
    private int greedy = -1;

    /** A scheduler for a core with {@code maxWarps} warp slots. */
    public GreedyThenOldestScheduler(int maxWarps) {
        this.members = new int[maxWarps];
    }

    @Override
    public void add(int warpSlot, long age) {
        // Warps start in age order, so appending keeps the list oldest-first.
        members[size++] = warpSlot;
    }

    @Override
    public void remove(int warpSlot) {
        for (int i = 0; i < size; i++) {
            if (members[i] == warpSlot) {
                System.arraycopy(members, i + 1, members, i, size - i - 1);
                size--;
                break;
            }
        }
        if (greedy == warpSlot) {
            greedy = -1;
        }
    }

    @Override
    public int select(IssueProbe probe) {
        if (greedy >= 0 && probe.canIssue(greedy)) {
            return greedy;
        }
        for (int i = 0; i < size; i++) {
            int w = members[i];
            if (w != greedy && probe.canIssue(w)) {
                greedy = w;
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
