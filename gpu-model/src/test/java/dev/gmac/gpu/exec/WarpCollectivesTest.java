package dev.gmac.gpu.exec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.ptx.PtxModule;
import org.junit.jupiter.api.Test;

/**
 * Warp-wide operations (PTX ISA §9.7.13: shfl.sync, vote.sync, activemask, match.sync) over the lanes active
 * on the SIMT stack.
 */
class WarpCollectivesTest {
    /** out[tid] = BODY(%r1 = tid, %r2 = in[tid]) with the result in %r3 (and a predicate result in %p2). */
    private static int[] run(String body, int[] in, int threads) {
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.load(".visible .entry k(.param .u64 in, .param .u64 out, .param .u64 pout)\n{\n"
                    + " .reg .pred %p<4>;\n .reg .b32 %r<8>;\n .reg .b64 %rd<8>;\n"
                    + " mov.u32 %r1, %tid.x;\n mul.wide.u32 %rd1, %r1, 4;\n ld.param.u64 %rd2, [in];\n"
                    + " add.s64 %rd3, %rd2, %rd1;\n ld.global.u32 %r2, [%rd3];\n mov.u32 %r3, 0xDEAD;\n"
                    + " setp.ne.u32 %p2, 0, 0;\n"
                    + body
                    + "\n ld.param.u64 %rd4, [out];\n add.s64 %rd5, %rd4, %rd1;\n st.global.u32 [%rd5], %r3;\n"
                    + " selp.u32 %r4, 1, 0, %p2;\n ld.param.u64 %rd6, [pout];\n add.s64 %rd7, %rd6, %rd1;\n"
                    + " st.global.u32 [%rd7], %r4;\n ret;\n}\n");
            long out = dev.zeros(4L * threads);
            long pout = dev.zeros(4L * threads);
            dev.launch(m, "k", Dim3.of(1), Dim3.of(threads), dev.ints(in), out, pout);
            int[] r = dev.readInts(out, threads);
            int[] p = dev.readInts(pout, threads);
            int[] both = new int[2 * threads];
            System.arraycopy(r, 0, both, 0, threads);
            System.arraycopy(p, 0, both, threads, threads);
            return both;
        }
    }

    private static int[] iota(int n, int scale) {
        int[] v = new int[n];
        for (int i = 0; i < n; i++) {
            v[i] = i * scale;
        }
        return v;
    }

    @Test
    void shuffleModesWithClampAndPredicate() {
        int[] in = iota(32, 10);
        int[] down = run(" shfl.sync.down.b32 %r3|%p2, %r2, 3, 0x1f, -1;", in, 32);
        int[] up = run(" shfl.sync.up.b32 %r3|%p2, %r2, 2, 0, -1;", in, 32);
        int[] bfly = run(" shfl.sync.bfly.b32 %r3|%p2, %r2, 5, 0x1f, -1;", in, 32);
        int[] idx = run(" shfl.sync.idx.b32 %r3|%p2, %r2, 7, 0x1f, -1;", in, 32);
        // segmented: width 8 (c = ((32-8)<<8) | 0x1f), idx 2 within each segment
        int[] seg = run(" shfl.sync.idx.b32 %r3|%p2, %r2, 2, 0x181f, -1;", in, 32);
        for (int l = 0; l < 32; l++) {
            assertEquals(l + 3 <= 31 ? in[l + 3] : in[l], down[l], "down " + l);
            assertEquals(l + 3 <= 31 ? 1 : 0, down[32 + l], "down predicate " + l);
            assertEquals(l >= 2 ? in[l - 2] : in[l], up[l], "up " + l);
            assertEquals(l >= 2 ? 1 : 0, up[32 + l]);
            assertEquals(in[l ^ 5], bfly[l]);
            assertEquals(in[7], idx[l]);
            assertEquals(in[(l & ~7) + 2], seg[l], "segment " + l);
        }
    }

    @Test
    void voteAndBallotCountOnlyActiveLanes() {
        int[] in = iota(32, 1);
        // lanes 0..15 take the branch; inside it vote on (tid odd)
        String body = " setp.lt.u32 %p1, %r1, 16;\n @!%p1 bra SKIP;\n and.b32 %r5, %r1, 1;\n setp.ne.u32 %p3, %r5, 0;\n"
                + " vote.sync.ballot.b32 %r3, %p3, -1;\n vote.sync.any.pred %p2, %p3, -1;\n"
                + " activemask.b32 %r6;\n add.s32 %r3, %r3, %r6;\nSKIP:";
        int[] r = run(body, in, 32);
        for (int l = 0; l < 16; l++) {
            assertEquals(0xAAAA + 0xFFFF, r[l], "ballot of odd active lanes + activemask");
            assertEquals(1, r[32 + l]);
        }
        for (int l = 16; l < 32; l++) {
            assertEquals(0xDEAD, r[l]);
        }
        int[] all = run(" setp.lt.u32 %p3, %r1, 40;\n vote.sync.all.pred %p2, %p3, -1;", in, 32);
        int[] uni = run(" setp.lt.u32 %p3, %r1, 4;\n vote.sync.uni.pred %p2, %p3, -1;", in, 32);
        for (int l = 0; l < 32; l++) {
            assertEquals(1, all[32 + l]);
            assertEquals(0, uni[32 + l]);
        }
    }

    @Test
    void partialLastWarpBallot() {
        int[] in = iota(40, 1);
        int[] r = run(" setp.ge.u32 %p3, %r1, 0;\n vote.sync.ballot.b32 %r3, %p3, -1;", in, 40);
        assertEquals(-1, r[0]);
        assertEquals(0xFF, r[39], "the second warp has 8 lanes");
    }

    @Test
    void matchAnyAndAll() {
        int[] in = new int[32];
        for (int l = 0; l < 32; l++) {
            in[l] = l % 3;
        }
        int[] any = run(" match.any.sync.b32 %r3, %r2, -1;", in, 32);
        int mask0 = 0;
        for (int l = 0; l < 32; l += 3) {
            mask0 |= 1 << l;
        }
        assertEquals(mask0, any[0]);
        assertEquals(mask0 << 1, any[1]);
        int[] all = run(" match.all.sync.b32 %r3|%p2, %r2, -1;", new int[32], 32);
        assertArrayEquals(new int[] {-1, 1}, new int[] {all[5], all[32 + 5]});
    }
}
