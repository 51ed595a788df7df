package dev.gmac.gpu.cfg;

/**
 * Likely-convergence points (Fung thesis §3.4, Example 4 and Figure 3.8): a point before a divergent branch's
 * immediate post-dominator where its threads usually meet again. As in the thesis's evaluation, the candidates are
 * limited to <em>the closest enclosing backward-taken branch</em>, which captures {@code break} inside a loop: the
 * threads that stay in the loop meet at the loop's backward branch (its latch) while the IPDOM lies after the loop.
 *
 * <p>The rule, on a function's instructions laid out by PC (nvcc and our own code emit each loop as a contiguous
 * range ending in its backward branch):
 *
 * <ul>
 *   <li>a <em>loop</em> is a branch at PC {@code j} whose target {@code t} is at or before {@code j}; it encloses
 *       the PCs {@code t <= pc < j};
 *   <li>for a conditional branch at {@code b}, take the enclosing loop with the smallest range (the innermost;
 *       the branch's own backward branch does not enclose itself);
 *   <li>its latch {@code j} is the branch's LCP when the branch's IPDOM lies outside that loop's range {@code [t,
 *       j]} (some path leaves the loop: a {@code break} or {@code return}); otherwise the IPDOM is already inside
 *       the loop and no LCP is needed.
 * </ul>
 *
 * <p>An LCP only changes when threads regroup, never what a thread computes: a thread joins the likely-convergence
 * entry only when it stands at the LCP itself.
 */
public final class LikelyConvergence {
    private LikelyConvergence() {}

    /**
     * The LCP of the conditional branch at {@code branchPc} whose IPDOM is {@code ipdom}, or -1.
     *
     * @param latches the PCs of the function's backward branches (target at or before the branch)
     * @param heads   their targets, index for index
     */
    public static int of(int branchPc, int ipdom, int[] latches, int[] heads) {
        int best = -1;
        int bestSpan = Integer.MAX_VALUE;
        for (int i = 0; i < latches.length; i++) {
            int j = latches[i];
            int t = heads[i];
            if (t <= branchPc && branchPc < j && j - t < bestSpan) {
                best = i;
                bestSpan = j - t;
            }
        }
        if (best < 0) {
            return -1;
        }
        return ipdom >= heads[best] && ipdom <= latches[best] ? -1 : latches[best];
    }
}
