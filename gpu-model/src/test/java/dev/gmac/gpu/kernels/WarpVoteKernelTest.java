package dev.gmac.gpu.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.GpuConfig;
import dev.gmac.gpu.TestHardware;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code warp_vote.cu}: {@code vote.sync.all/any/ballot/uni}, {@code activemask} inside a divergent branch, and
 * {@code popc} of a ballot. The reference evaluates each warp of 32 consecutive threads as a unit; threads past
 * {@code n} take part with value 0 but store nothing.
 */
class WarpVoteKernelTest {
    @Test
    @Tag(TestHardware.DIVERGENT_WARP_SYNC)
    void allAnyBallotActivemask() {
        try (KernelRunner r = new KernelRunner("warp_vote")) {
            int[][] run = voteRun(r);
            assertArrayEquals(run[0], run[1]);
        }
    }

    /**
     * Thread block compaction regroups threads at the divergent branch around {@code __activemask()} (Fung thesis
     * §3.3): a compacted warp's active mask is not the static warp's, so this warp-synchronous kernel is wrong under
     * {@code tbc}. The thesis's switch that keeps static warps ({@code tbc-static}, "the thread compactor can
     * optionally be disabled ... e.g., reduction in the CUDA SDK") runs it correctly with the same block-wide stack.
     */
    @Test
    void theStaticWarpSwitchRunsWarpSynchronousCodeUnderTbc() {
        try (KernelRunner r = new KernelRunner(
                "warp_vote", GpuConfig.builder().divergence("tbc-static").build())) {
            int[][] run = voteRun(r);
            assertArrayEquals(run[0], run[1], "tbc-static keeps static warps");
        }
        try (KernelRunner r = new KernelRunner(
                "warp_vote", GpuConfig.builder().divergence("tbc").build())) {
            int[][] run = voteRun(r);
            int differ = 0;
            for (int i = 3; i < run[0].length; i += 5) {
                differ += run[0][i] != run[1][i] ? 1 : 0;
            }
            assertTrue(differ > 0, "under tbc, __activemask() in the divergent branch sees compacted warps");
        }
    }

    /** Runs warp_vote: [expected, actual]. */
    private static int[][] voteRun(KernelRunner r) {
        int block = 64;
        int grid = 3;
        int threads = block * grid;
        int n = 150; // the third CTA's second warp has no active element, its first warp 22
        int threshold = 50;
        Random rnd = new Random(70);
        int[] in = new int[n];
        for (int i = 0; i < n; i++) {
            in[i] = rnd.nextInt(100);
        }
        for (int i = 32; i < 64; i++) {
            in[i] = 2 * i + 1; // warp 1: all odd -> all() is true
        }
        for (int i = 64; i < 96; i++) {
            in[i] = 2 * i; // warp 2: all even -> any() is false
        }
        int[] expected = new int[5 * n];
        for (int w = 0; w < threads / 32; w++) {
            int ballot = 0;
            int above = 0;
            for (int l = 0; l < 32; l++) {
                int i = w * 32 + l;
                int v = i < n ? in[i] : 0;
                if ((v & 1) != 0) {
                    ballot |= 1 << l;
                }
                if (v > threshold) {
                    above++;
                }
            }
            for (int l = 0; l < 32; l++) {
                int i = w * 32 + l;
                if (i >= n) {
                    continue;
                }
                boolean pred = (in[i] & 1) != 0;
                expected[5 * i] = ballot == -1 ? 1 : 0;
                expected[5 * i + 1] = ballot != 0 ? 1 : 0;
                expected[5 * i + 2] = ballot;
                expected[5 * i + 3] = pred ? ballot : 0;
                expected[5 * i + 4] = above;
            }
        }
        long dIn = r.upload(in);
        long dOut = r.allocate(20L * n);
        r.launch("warp_vote", Dim3.of(grid), Dim3.of(block), dIn, dOut, n, threshold);
        return new int[][] {expected, r.downloadInts(dOut, 5 * n)};
    }

    @Test
    void voteUni() {
        int threads = 128;
        int threshold = 10;
        int[] in = new int[threads];
        for (int i = 0; i < threads; i++) {
            int w = i / 32;
            in[i] = switch (w) {
                case 0 -> 20; // all above: uniform
                case 1 -> 0; // all below: uniform
                case 2 -> i == 70 ? 20 : 0; // one lane differs
                default -> i % 2 == 0 ? 20 : 0; // half and half
            };
        }
        int[] expected = new int[threads];
        for (int i = 0; i < threads; i++) {
            expected[i] = i / 32 < 2 ? 1 : 0;
        }
        try (KernelRunner r = new KernelRunner("warp_vote")) {
            long dIn = r.upload(in);
            long dOut = r.allocate(4L * threads);
            r.launch("warp_uniform", Dim3.of(2), Dim3.of(64), dIn, dOut, threshold);
            assertArrayEquals(expected, r.downloadInts(dOut, threads));
        }
    }
}
