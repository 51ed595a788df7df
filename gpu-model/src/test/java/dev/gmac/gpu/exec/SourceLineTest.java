package dev.gmac.gpu.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.FaultKind;
import dev.gmac.gpu.KernelFaultException;
import dev.gmac.gpu.SoftwareGpu;
import dev.gmac.gpu.ptx.PtxModule;
import dev.gmac.gpu.ptx.SourceLocation;
import dev.gmac.gpu.ptx.UnsupportedPtxException;
import org.junit.jupiter.api.Test;

/**
 * Faults and errors name the CUDA source line when the PTX carries {@code .loc}/{@code .file} (nvcc {@code
 * -lineinfo}), and an access outside every allocation names the nearest one and the signed offset (issue 15).
 */
class SourceLineTest {
    private static final String FILE = "gpu-model/src/test/cuda/debug_lineinfo.cu";

    /** Done-when of issue 15: a kernel built with -lineinfo that faults names its .cu line. */
    @Test
    void aReadBeforeABufferNamesTheCudaLineAndTheBuffer() {
        try (SoftwareGpu gpu = new SoftwareGpu()) {
            PtxModule m = gpu.loadResource("/ptx/debug_lineinfo.ptx");
            long out = gpu.malloc(64 * 4, "out");
            long a = gpu.malloc(64 * 4, "a");
            KernelFaultException e = assertThrows(
                    KernelFaultException.class,
                    () -> gpu.launch(m, "read_before", Dim3.of(1), Dim3.of(64), 0, a, out, 128));
            assertEquals(FaultKind.OUT_OF_BOUNDS, e.kind());
            assertEquals(a - 512, e.address(), "thread 0 reads a[-128]");
            assertEquals(
                    new SourceLocation(FILE, 8, 5, new SourceLocation(FILE, 14, 5, null)),
                    e.source(),
                    "return a[i - back]; in element_before, inlined into read_before");
            assertTrue(e.getMessage().contains("(" + FILE + ":8:5, inlined at " + FILE + ":14:5)"), e.getMessage());
            assertEquals(
                    "global access of 4 bytes, 512 bytes before buffer a (offset -512 of its 256 bytes at 0x"
                            + Long.toHexString(a) + ")",
                    e.reason());
        }
    }

    @Test
    void aReadJustPastTheEndNamesTheBuffer() {
        try (SoftwareGpu gpu = new SoftwareGpu()) {
            PtxModule m = gpu.loadResource("/ptx/debug_lineinfo.ptx");
            long a = gpu.malloc(64 * 4, "a");
            long out = gpu.malloc(64 * 4, "out");
            KernelFaultException e = assertThrows(
                    KernelFaultException.class,
                    () -> gpu.launch(m, "read_before", Dim3.of(1), Dim3.of(64), 0, a, out, -1));
            assertEquals(new Dim3(63, 0, 0), e.thread());
            assertTrue(e.reason().contains("just after the end of buffer a (offset +256 of its 256 bytes"), e.reason());
        }
    }

    @Test
    void theNearestAllocationIsNamedWithTheSignedOffset() {
        GlobalMemory mem = new GlobalMemory(1L << 30);
        try {
            long a = mem.malloc(1024, "buffer a");
            long b = mem.malloc(100);
            long c = mem.malloc(64, "buffer c");
            assertEquals(
                    "512 bytes before buffer a (offset -512 of its 1024 bytes at 0x" + Long.toHexString(a) + ")",
                    mem.describe(a - 512, 4));
            assertEquals(
                    "4 bytes after the end of buffer a (offset +1028 of its 1024 bytes at 0x" + Long.toHexString(a)
                            + ")",
                    mem.describe(a + 1028, 4));
            assertEquals(
                    "running 4 bytes past the end of buffer a (offset +1020 of its 1024 bytes at 0x"
                            + Long.toHexString(a) + ")",
                    mem.describe(a + 1020, 8));
            assertTrue(mem.describe(b + 100, 4).startsWith("just after the end of an unlabelled allocation"));
            mem.free(c);
            assertEquals(
                    "inside buffer c, which was freed (offset +16 of its 64 bytes at 0x" + Long.toHexString(c) + ")",
                    mem.describe(c + 16, 4));
            mem.label(a, "buffer renamed");
            assertTrue(mem.describe(a - 8, 8)
                    .endsWith("before buffer renamed (offset -8 of its 1024 bytes at 0x" + Long.toHexString(a) + ")"));
            assertEquals("not inside any device allocation", mem.describe(5, 4));
        } finally {
            mem.close();
        }
    }

    /** Lowering errors name the source position of the .loc in effect too. */
    @Test
    void anUnsupportedInstructionNamesItsCudaLine() {
        String ptx = TestDevice.HEADER
                + ".visible .entry k(.param .u64 p)\n{\n .reg .b32 %r<3>;\n"
                + " .loc 1 7 3\n mov.u32 %r1, 1;\n"
                + " .loc 1 9 5\n brx.idx %r1, $L_t;\n$L_t:\n ret;\n}\n"
                + " .file 1 \"/home/me/kernel.cu\"\n";
        try (SoftwareGpu gpu = new SoftwareGpu()) {
            UnsupportedPtxException e = assertThrows(UnsupportedPtxException.class, () -> gpu.load(ptx));
            assertEquals(new SourceLocation("/home/me/kernel.cu", 9, 5, null), e.source());
            assertTrue(
                    e.getMessage().startsWith("line 10:2 (/home/me/kernel.cu:9:5): unsupported PTX"), e.getMessage());
        }
    }

    /** {@code .loc} line 0 is code of no source line; without {@code .file} the index names the file. */
    @Test
    void lineZeroHasNoSourceAndAnUnknownFileIsNamedByIndex() {
        String ptx = TestDevice.HEADER
                + ".visible .entry k(.param .u64 p)\n{\n .reg .b64 %rd<3>;\n"
                + " .loc 2 0 1\n ld.param.u64 %rd1, [p];\n"
                + " .loc 2 4 1\n ld.global.u64 %rd2, [%rd1];\n"
                + " .loc 2 0 1\n st.global.u64 [%rd1+8], %rd2;\n ret;\n}\n";
        try (SoftwareGpu gpu = new SoftwareGpu()) {
            PtxModule m = gpu.load(ptx);
            long p = gpu.malloc(8, "p");
            KernelFaultException load = assertThrows(
                    KernelFaultException.class, () -> gpu.launch(m, "k", Dim3.of(1), Dim3.of(1), 0, p + 8));
            assertEquals(new SourceLocation("file 2", 4, 1, null), load.source());
            KernelFaultException store =
                    assertThrows(KernelFaultException.class, () -> gpu.launch(m, "k", Dim3.of(1), Dim3.of(1), 0, p));
            assertEquals(12, store.ptxLine());
            assertEquals(2, store.ptxColumn(), "after the line's one space");
            assertEquals("st.global.u64", store.opcode());
            assertTrue(
                    store.getMessage()
                            .startsWith("kernel fault OUT_OF_BOUNDS in k at PTX line 12:2 st.global.u64, CTA"),
                    store.getMessage());
            assertEquals("ld.global.u64", load.opcode());
            assertNull(store.source(), store.getMessage());
        }
    }
}
