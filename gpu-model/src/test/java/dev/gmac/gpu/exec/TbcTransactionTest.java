package dev.gmac.gpu.exec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.GpuConfig;
import dev.gmac.gpu.KernelFaultException;
import dev.gmac.gpu.LaunchOptions;
import dev.gmac.gpu.LaunchStats;
import dev.gmac.gpu.ptx.PtxModule;
import org.junit.jupiter.api.Test;

/**
 * Transactions on thread block compaction's block-wide stack (decision 0335; Fung thesis §3.3 and §4.2.1, Fig 4.3):
 * {@code tx.begin} pushes an R and a T entry for the block, {@code tx.commit} is a synchronisation point where every
 * static warp's running threads commit, and the aborted threads of all warps regroup, compacted by the per-lane
 * priority encoders, for the retry.
 */
class TbcTransactionTest {
    /**
     * 64 threads (two warps) increment one counter in a transaction under functional Kilo TM, which validates each
     * warp's lanes in order at the commit point: in every attempt exactly one thread (the lowest lane of the lowest
     * warp) commits and every other aborts, so 63 + 62 + ... + 1 = 2016 aborts. After the first commit point warp 0
     * retries lanes 1-31 and warp 1 all 32: lane 0's encoder takes warp 1, the others warp 0 then warp 1, so the
     * first compacted warp is [warp 0 lanes 1-31, warp 1 lane 0] and the second [warp 1 lanes 1-31]. The stack
     * then holds the R and T entries above the block's entries, as PDOM's per-warp stack does (Fig 4.3).
     */
    @Test
    void abortedThreadsOfTwoWarpsRegroupAtTheCommitPoint() {
        try (TestDevice dev = new TestDevice(GpuConfig.builder().warpSize(32).build())) {
            PtxModule m = dev.gpu().loadResource("/ptx/tm_cgl.ptx");
            long counter = dev.ints(0);
            KernelLaunch launch = dev.gpu()
                    .prepare(
                            m,
                            "tx_counter",
                            Dim3.of(1),
                            Dim3.of(64),
                            0,
                            new LaunchOptions(32, "tbc", "kilotm"),
                            counter,
                            64);
            Cta cta = launch.dispatchCta();
            TbcModel tbc = (TbcModel) cta.simt();
            IssueRecord rec = new IssueRecord();
            long[][] first = null;
            long[][] second = null;
            String stack = null;
            boolean any = true;
            while (any) {
                any = false;
                for (int s = 0; s < tbc.slots(); s++) {
                    if (tbc.state(s) == DivergenceModel.RUNNABLE && launch.issue(cta, s, rec)) {
                        any = true;
                        if (first == null && tbc.members(0) == 2) {
                            first = tbc.group(0);
                            second = tbc.group(1);
                            stack = tbc.describe(0);
                        }
                    }
                }
            }
            assertTrue(cta.finished(), "the CTA finished");
            assertNotNull(first, "a compacted warp held threads of both warps");
            assertArrayEquals(new long[] {0, 0xfffffffeL}, first[0]);
            assertArrayEquals(new long[] {1, 0x1L}, first[1]);
            assertEquals(1, second.length);
            assertArrayEquals(new long[] {1, 0xfffffffeL}, second[0]);
            // the kernel's guard (if (i >= n) return) left a reconvergence entry; R is empty (every retry thread was
            // admitted), T holds the 63 retrying threads in two compacted warps (WCnt 2)
            assertEquals(
                    "(B 14,-,w0,ffffffff|ffffffff)(N 10,14,w0,ffffffff|ffffffff)(R 10,-,w0,0|0)"
                            + "(T 10,-,w2,fffffffe|ffffffff)",
                    stack);
            assertArrayEquals(new int[] {64}, dev.readInts(counter, 1), "no increment lost");
            LaunchStats st = launch.stats();
            assertEquals(64, st.txCommitted(), "each thread committed once");
            assertEquals(2016, st.txAborted(), "one commit per attempt");
        }
    }

    @Test
    void dynamicWarpFormationRefusesTransactionsClearly() {
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.gpu().loadResource("/ptx/tm_cgl.ptx");
            long counter = dev.ints(0);
            KernelFaultException e = assertThrows(KernelFaultException.class, () -> dev.gpu()
                    .launch(
                            m,
                            "tx_counter",
                            Dim3.of(1),
                            Dim3.of(64),
                            0,
                            new LaunchOptions(32, "dwf", "kilotm"),
                            counter,
                            64));
            assertTrue(e.getMessage().contains("launch with pdom, its, tbc or tbc-lcp"), e.getMessage());
            assertArrayEquals(new int[] {0}, dev.readInts(counter, 1), "host data intact");
        }
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"tbc", "tbc-static"})
    void gpuLocalTmRefusesThreadBlockCompaction(String div) {
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.gpu().loadResource("/ptx/tm_cgl.ptx");
            long counter = dev.ints(0);
            KernelFaultException e = assertThrows(KernelFaultException.class, () -> dev.gpu()
                    .launch(
                            m,
                            "tx_counter",
                            Dim3.of(1),
                            Dim3.of(64),
                            0,
                            new LaunchOptions(32, div, "localtm-dcd"),
                            counter,
                            64));
            assertTrue(e.getMessage().contains(div + " regroups them or synchronises"), e.getMessage());
        }
    }
}
