package dev.gmac.gpu.exec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.AccessGuard;
import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.FaultKind;
import dev.gmac.gpu.KernelFaultException;
import dev.gmac.gpu.ptx.PtxModule;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The memory port's access guard (issue 14 step 8): a launch prepared while a guard is installed may not touch
 * an allocation the guard denies, may only load one it makes read-only, and reports every store to a tracked one;
 * the fault names the allocation, the PTX line and the thread. Without a guard nothing changes.
 */
class AccessGuardTest {
    /** out[tid] = in[tid] (line numbers count from the 3-line header). */
    private static final String COPY = ".visible .entry copy(.param .u64 in, .param .u64 out)\n" // 4
            + "{\n" // 5
            + "  .reg .b32 %r<4>;\n  .reg .b64 %rd<8>;\n" // 6, 7
            + "  ld.param.u64 %rd1, [in];\n" // 8
            + "  ld.param.u64 %rd2, [out];\n" // 9
            + "  mov.u32 %r2, %tid.x;\n" // 10
            + "  mul.wide.u32 %rd3, %r2, 4;\n" // 11
            + "  add.s64 %rd4, %rd1, %rd3;\n" // 12
            + "  ld.global.u32 %r3, [%rd4];\n" // 13
            + "  add.s64 %rd6, %rd2, %rd3;\n" // 14
            + "  st.global.u32 [%rd6], %r3;\n" // 15
            + "  ret;\n}\n";

    private static AccessGuard guard(Map<Long, AccessGuard.Permission> permissions, List<long[]> stores) {
        return new AccessGuard() {
            @Override
            public Permission permission(long base) {
                return permissions.getOrDefault(base, Permission.NONE);
            }

            @Override
            public String describe(long base) {
                return "buffer@" + Long.toHexString(base);
            }

            @Override
            public void wrote(long base, long offset, int size) {
                stores.add(new long[] {base, offset, size});
            }
        };
    }

    @Test
    void anAllocationTheGuardDeniesFaultsWithItsNameLineAndThread() throws Exception {
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.load(COPY);
            long in = dev.ints(new int[32]);
            long out = dev.zeros(4 * 32);
            AccessGuard g = guard(Map.of(out, AccessGuard.Permission.READ_WRITE), new ArrayList<>());
            KernelFaultException e = assertThrows(
                    KernelFaultException.class,
                    () -> AccessGuard.during(g, () -> dev.launch(m, "copy", Dim3.of(1), Dim3.of(32), in, out)));
            assertEquals(FaultKind.OUTSIDE_REACH, e.kind());
            assertEquals(13, e.ptxLine(), "the load");
            assertEquals(new Dim3(0, 0, 0), e.thread());
            assertTrue(e.getMessage().contains("reads buffer@" + Long.toHexString(in)), e.getMessage());
        }
    }

    @Test
    void aStoreToAReadOnlyAllocationFaultsAndLoadsOfItRun() throws Exception {
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.load(COPY);
            long in = dev.ints(new int[32]);
            long out = dev.zeros(4 * 32);
            AccessGuard g =
                    guard(Map.of(in, AccessGuard.Permission.READ, out, AccessGuard.Permission.READ), new ArrayList<>());
            KernelFaultException e = assertThrows(
                    KernelFaultException.class,
                    () -> AccessGuard.during(g, () -> dev.launch(m, "copy", Dim3.of(1), Dim3.of(32), in, out)));
            assertEquals(15, e.ptxLine(), "the store, after the allowed load");
            assertTrue(e.getMessage().contains("outside the call's write set"), e.getMessage());
        }
    }

    @Test
    void storesToATrackedAllocationAreReportedAndTheDataIsRight() throws Exception {
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.load(COPY);
            int[] data = new int[32];
            for (int i = 0; i < 32; i++) {
                data[i] = 7 * i;
            }
            long in = dev.ints(data);
            long out = dev.zeros(4 * 64);
            List<long[]> stores = new ArrayList<>();
            AccessGuard g = guard(
                    Map.of(in, AccessGuard.Permission.READ, out, AccessGuard.Permission.READ_WRITE_TRACKED), stores);
            AccessGuard.during(g, () -> dev.launch(m, "copy", Dim3.of(1), Dim3.of(32), in, out));
            assertArrayEquals(data, dev.readInts(out, 32));
            assertEquals(32, stores.size(), "one report per store");
            for (int i = 0; i < 32; i++) {
                assertEquals(out, stores.get(i)[0]);
                assertEquals(4, stores.get(i)[2]);
            }
            assertEquals(
                    31 * 4, stores.stream().mapToLong(s -> s[1]).max().getAsLong(), "offsets within the allocation");
        }
    }

    @Test
    void withoutAGuardEverythingIsAllowed() {
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.load(COPY);
            long in = dev.ints(new int[32]);
            long out = dev.zeros(4 * 32);
            dev.launch(m, "copy", Dim3.of(1), Dim3.of(32), in, out);
            assertEquals(null, AccessGuard.current());
        }
    }
}
