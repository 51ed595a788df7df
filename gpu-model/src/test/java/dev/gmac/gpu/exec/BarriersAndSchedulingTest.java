package dev.gmac.gpu.exec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.GpuConfig;
import dev.gmac.gpu.LaunchStats;
import dev.gmac.gpu.ptx.PtxModule;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** CTA barriers (bar.sync with counts, bar.arrive, bar.red) and the deterministic, seeded scheduler. */
class BarriersAndSchedulingTest {
    @Test
    void barRedReductions() {
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.load(".visible .entry k(.param .u64 out)\n{\n .reg .pred %p<4>;\n .reg .b32 %r<6>;\n"
                    + " .reg .b64 %rd<4>;\n mov.u32 %r1, %tid.x;\n and.b32 %r2, %r1, 3;\n setp.eq.u32 %p1, %r2, 0;\n"
                    + " bar.red.popc.u32 %r3, 0, %p1;\n setp.lt.u32 %p2, %r1, 1000;\n bar.red.and.pred %p3, 1, %p2;\n"
                    + " selp.u32 %r4, 1, 0, %p3;\n bar.red.or.pred %p3, 2, !%p2;\n selp.u32 %r5, 1, 0, %p3;\n"
                    + " shl.b32 %r4, %r4, 16;\n shl.b32 %r5, %r5, 24;\n add.s32 %r3, %r3, %r4;\n add.s32 %r3, %r3, %r5;\n"
                    + " ld.param.u64 %rd1, [out];\n mul.wide.u32 %rd2, %r1, 4;\n add.s64 %rd3, %rd1, %rd2;\n"
                    + " st.global.u32 [%rd3], %r3;\n ret;\n}\n");
            long out = dev.zeros(4 * 96);
            LaunchStats s = dev.launch(m, "k", Dim3.of(1), Dim3.of(96), out);
            int[] r = dev.readInts(out, 96);
            for (int t = 0; t < 96; t++) {
                assertEquals(24 + (1 << 16), r[t], "popc 24, and true, or false at thread " + t);
            }
            assertEquals(3 * 3, s.barriers());
        }
    }

    @Test
    void producerConsumerWithArriveAndCountedSync() {
        // warp 1 produces into shared memory and arrives at barrier 1 (64 threads); warp 0 waits there and reads
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.load(
                    ".visible .entry pc(.param .u64 out)\n{\n .reg .pred %p1;\n .reg .b32 %r<6>;\n"
                            + " .reg .b64 %rd<4>;\n .shared .align 4 .b8 buf[128];\n"
                            + " mov.u32 %r1, %tid.x;\n and.b32 %r2, %r1, 31;\n shl.b32 %r3, %r2, 2;\n mov.u32 %r4, buf;\n"
                            + " add.s32 %r4, %r4, %r3;\n setp.ge.u32 %p1, %r1, 32;\n @%p1 bra PRODUCER;\n"
                            + " bar.sync 1, 64;\n ld.shared.u32 %r5, [%r4];\n ld.param.u64 %rd1, [out];\n"
                            + " mul.wide.u32 %rd2, %r2, 4;\n add.s64 %rd3, %rd1, %rd2;\n st.global.u32 [%rd3], %r5;\n ret;\n"
                            + "PRODUCER:\n mul.lo.s32 %r5, %r2, %r2;\n st.shared.u32 [%r4], %r5;\n bar.arrive 1, 64;\n ret;\n}\n");
            long out = dev.zeros(4 * 32);
            dev.launch(m, "pc", Dim3.of(1), Dim3.of(64), out);
            int[] r = dev.readInts(out, 32);
            for (int t = 0; t < 32; t++) {
                assertEquals(t * t, r[t]);
            }
        }
    }

    /** Each thread takes a ticket with atom.add: the ticket order is the warp schedule. */
    private static final String TICKETS = ".visible .entry tk(.param .u64 ctr, .param .u64 out)\n{\n .reg .b32 %r<4>;\n"
            + " .reg .b64 %rd<6>;\n mov.u32 %r1, %tid.x;\n mov.u32 %r2, %ctaid.x;\n mov.u32 %r3, %ntid.x;\n"
            + " mad.lo.s32 %r1, %r2, %r3, %r1;\n ld.param.u64 %rd1, [ctr];\n atom.global.add.u32 %r2, [%rd1], 1;\n"
            + " ld.param.u64 %rd2, [out];\n mul.wide.u32 %rd3, %r1, 4;\n add.s64 %rd4, %rd2, %rd3;\n"
            + " st.global.u32 [%rd4], %r2;\n ret;\n}\n";

    private static int[] tickets(long seed) {
        GpuConfig cfg = GpuConfig.builder().seed(seed).schedulingQuantum(3).build();
        try (TestDevice dev = new TestDevice(cfg)) {
            PtxModule m = dev.load(TICKETS);
            long out = dev.zeros(4 * 512);
            dev.launch(m, "tk", Dim3.of(4), Dim3.of(128), dev.ints(0), out);
            return dev.readInts(out, 512);
        }
    }

    @Test
    void schedulingIsDeterministicPerSeed() {
        int[] a = tickets(42);
        int[] b = tickets(42);
        assertArrayEquals(a, b, "same seed, same interleaving");
        int[] c = tickets(43);
        assertNotEquals(Arrays.toString(a), Arrays.toString(c), "another seed interleaves warps differently");
        int[] sorted = a.clone();
        Arrays.sort(sorted);
        for (int i = 0; i < 512; i++) {
            assertEquals(i, sorted[i], "every ticket handed out once");
        }
    }

    @Test
    void manyCtasWithFewResidentSlots() {
        GpuConfig cfg = GpuConfig.builder().maxResidentCtas(2).build();
        try (TestDevice dev = new TestDevice(cfg)) {
            PtxModule m = dev.load(TICKETS);
            long out = dev.zeros(4 * 37 * 33);
            LaunchStats s = dev.launch(m, "tk", Dim3.of(37), Dim3.of(33), dev.ints(0), out);
            int[] r = dev.readInts(out, 37 * 33);
            Arrays.sort(r);
            for (int i = 0; i < r.length; i++) {
                assertEquals(i, r[i]);
            }
            assertEquals(37 * 33, s.atomics());
            assertEquals(37 * 2 * 11, s.warpInstructions(), "two warps per CTA, 11 instructions each");
            assertEquals(37 * 33 * 11, s.threadInstructions());
        }
    }
}
