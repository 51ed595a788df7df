package dev.gmac.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 14's API findings: typed errors for bad input, typed allocation, slices, kernel files, CLOSED. */
class ApiFixesTest {
    private static final String KERNELS = AdsmApiTest.KERNELS;

    private static AdsmException.Reason reasonOf(Runnable action) {
        return assertThrows(AdsmException.class, action::run).reason();
    }

    @Test
    void nullArgumentsAreAdsmExceptionsNotNullPointerExceptions() {
        try (Adsm adsm = Adsm.open()) {
            PtxKernel kernel = adsm.kernelResource(KERNELS, "scale_add");
            assertEquals(
                    AdsmException.Reason.BAD_ARGUMENT,
                    reasonOf(() -> adsm.adsmCall(kernel, Dim3.of(1), Dim3.of(32), (Object[]) null)));
            assertEquals(AdsmException.Reason.BAD_ARGUMENT, reasonOf(() -> adsm.kernel((String) null, "scale_add")));
            assertEquals(AdsmException.Reason.BAD_ARGUMENT, reasonOf(() -> adsm.kernel("// empty", null)));
            assertEquals(AdsmException.Reason.BAD_ARGUMENT, reasonOf(() -> adsm.kernelResource(null, "x")));
            assertEquals(AdsmException.Reason.BAD_ARGUMENT, reasonOf(() -> adsm.kernel((Path) null)));
            assertEquals(AdsmException.Reason.BAD_ARGUMENT, reasonOf(() -> WriteSet.of((SharedBuffer[]) null)));
            assertEquals(AdsmException.Reason.BAD_ARGUMENT, reasonOf(() -> adsm.call(
                            kernel, Dim3.of(1), Dim3.of(32), (Object[]) null)
                    .launch()));
            assertEquals(
                    AdsmException.Reason.BAD_ARGUMENT, reasonOf(() -> adsm.adsmCall(null, Dim3.of(1), Dim3.of(1))));
            assertEquals(AdsmException.Reason.FOREIGN_BUFFER, reasonOf(() -> adsm.adsmFree(null)));
        }
    }

    @Test
    void badLaunchShapesAreAdsmExceptions() {
        try (Adsm adsm = Adsm.open()) {
            PtxKernel kernel = adsm.kernelResource(KERNELS, "scale_add");
            SharedBuffer y = adsm.adsmAlloc(64);
            assertEquals(AdsmException.Reason.BAD_ARGUMENT, reasonOf(() -> Dim3.of(0)));
            assertEquals(AdsmException.Reason.BAD_ARGUMENT, reasonOf(() -> Dim3.of(1, -1)));
            AdsmException tooBig = assertThrows(
                    AdsmException.class, () -> adsm.adsmCall(kernel, Dim3.of(1), Dim3.of(2048), y, y, 1f, 1));
            assertEquals(AdsmException.Reason.BAD_ARGUMENT, tooBig.reason());
            assertTrue(tooBig.getMessage().contains("1024"), tooBig.getMessage());
        }
    }

    @Test
    void typedAllocationGivesViewsThatKernelsTake() {
        try (Adsm adsm = Adsm.open()) {
            FloatView x = adsm.allocFloats(100);
            FloatView y = adsm.allocFloats(100);
            assertEquals(100, x.length());
            assertEquals(400, x.buffer().byteSize());
            float[] values = new float[100];
            for (int i = 0; i < 100; i++) {
                values[i] = i;
            }
            x.copyFrom(values);
            adsm.adsmCall(adsm.kernelResource(KERNELS, "scale_add"), Dim3.of(4), Dim3.of(32), y, x, 3f, 100);
            adsm.adsmSync();
            float[] out = new float[100];
            y.copyTo(out);
            assertEquals(297f, out[99]);
            assertEquals(5, adsm.allocInts(5).length());
            assertEquals(5, adsm.allocLongs(5).length());
            assertEquals(5, adsm.allocDoubles(5).length());
            AdsmException zero = assertThrows(AdsmException.class, () -> adsm.allocFloats(0));
            assertEquals(AdsmException.Reason.INVALID_SIZE, zero.reason());
            assertTrue(zero.getMessage().contains("0 floats"), zero.getMessage());
        }
    }

    @Test
    void slicesPassAnOffsetWithBoundsAndLivenessChecks() {
        try (Adsm adsm = Adsm.open()) {
            PtxKernel scaleAdd = adsm.kernelResource(KERNELS, "scale_add");
            FloatView x = adsm.allocFloats(64);
            FloatView y = adsm.allocFloats(16);
            for (int i = 0; i < 64; i++) {
                x.set(i, i);
            }
            // y[i] = 1 * x[32 + i] + y[i]: the kernel sees the slice's first element as x[0].
            adsm.adsmCall(scaleAdd, Dim3.of(1), Dim3.of(32), y, x.slice(32, 48), 1f, 16);
            adsm.adsmSync();
            assertEquals(32f, y.get(0));
            assertEquals(47f, y.get(15));
            adsm.adsmCall(scaleAdd, Dim3.of(1), Dim3.of(32), y, x.buffer().slice(4 * 48, 64), 1f, 16);
            adsm.adsmSync();
            assertEquals(32f + 48f, y.get(0));

            assertEquals(AdsmException.Reason.OUT_OF_RANGE, reasonOf(() -> x.slice(60, 65)));
            assertEquals(
                    AdsmException.Reason.OUT_OF_RANGE, reasonOf(() -> x.buffer().slice(-4, 8)));
            BufferSlice stale = x.slice(0, 16);
            adsm.adsmFree(x.buffer());
            AdsmException freed = assertThrows(
                    AdsmException.class, () -> adsm.adsmCall(scaleAdd, Dim3.of(1), Dim3.of(32), y, stale, 1f, 16));
            assertEquals(AdsmException.Reason.USE_AFTER_FREE, freed.reason());
        }
    }

    @Test
    void aRawPointerMustPointIntoALiveBufferOfThisRuntime() {
        try (Adsm adsm = Adsm.open();
                Adsm other = Adsm.open()) {
            PtxKernel scaleAdd = adsm.kernelResource(KERNELS, "scale_add");
            SharedBuffer y = adsm.adsmAlloc(64);
            SharedBuffer x = adsm.adsmAlloc(64);
            x.putFloat(1, 5f);
            // Inside a live buffer: accepted, and the call reaches (releases) that buffer.
            adsm.adsmCall(scaleAdd, Dim3.of(1), Dim3.of(32), y, x.address() + 4, 1f, 1);
            adsm.adsmSync();
            assertEquals(5f, y.getFloat(0));
            AdsmException outside = assertThrows(
                    AdsmException.class,
                    () -> adsm.adsmCall(scaleAdd, Dim3.of(1), Dim3.of(32), y, 0x1234_5678L, 1f, 1));
            assertEquals(AdsmException.Reason.BAD_ARGUMENT, outside.reason());
            assertTrue(outside.getMessage().contains("parameter 1"), outside.getMessage());
            assertTrue(outside.getMessage().contains("not inside a live buffer"), outside.getMessage());
            SharedBuffer freed = adsm.adsmAlloc(64);
            long address = freed.address();
            adsm.adsmFree(freed);
            assertEquals(
                    AdsmException.Reason.BAD_ARGUMENT,
                    reasonOf(() -> adsm.adsmCall(scaleAdd, Dim3.of(1), Dim3.of(32), y, address, 1f, 1)));
            SharedBuffer foreign = other.adsmAlloc(64);
            assertEquals(
                    AdsmException.Reason.FOREIGN_BUFFER,
                    reasonOf(() -> adsm.adsmCall(scaleAdd, Dim3.of(1), Dim3.of(32), y, foreign, 1f, 1)));
            // A 64-bit value the kernel never dereferences is just a number.
            SharedBuffer d = adsm.adsmAlloc(8 * 4);
            adsm.adsmCall(
                    adsm.kernelResource(KERNELS, "scale_double"),
                    Dim3.of(1),
                    Dim3.of(32),
                    d,
                    1.0,
                    0x7fff_0000_0000L,
                    4L);
            adsm.adsmSync();
            assertEquals((double) 0x7fff_0000_0000L, d.getDouble(3));
        }
    }

    /**
     * Decision 0112: runtimes get disjoint device address ranges, so two runtimes' first buffers have different
     * addresses and a raw address of one runtime is rejected by another, with the address in the message, even at
     * the offset where the other runtime has a live buffer of its own.
     */
    @Test
    void runtimesHaveDisjointAddressesAndARawAddressOfAnotherRuntimeIsRejected() {
        try (Adsm a = Adsm.open();
                Adsm b = Adsm.open();
                CudaStyle cuda = CudaStyle.open(AdsmConfig.defaults())) {
            SharedBuffer firstOfA = a.adsmAlloc(64);
            SharedBuffer firstOfB = b.adsmAlloc(64);
            assertTrue(firstOfA.address() != firstOfB.address(), "the first buffers of two runtimes");
            firstOfB.putFloat(0, 3f);
            PtxKernel scaleAdd = b.kernelResource(KERNELS, "scale_add");
            SharedBuffer y = b.adsmAlloc(64);
            long raw = firstOfA.address();
            AdsmException foreign = assertThrows(
                    AdsmException.class, () -> b.adsmCall(scaleAdd, Dim3.of(1), Dim3.of(32), y, raw, 1f, 1));
            assertEquals(AdsmException.Reason.FOREIGN_BUFFER, foreign.reason());
            assertTrue(foreign.getMessage().contains("0x" + Long.toHexString(raw)), foreign.getMessage());
            assertTrue(foreign.getMessage().contains("another runtime"), foreign.getMessage());
            assertTrue(foreign.getMessage().contains("parameter 1"), foreign.getMessage());
            // B's own buffer at the same offset of its range is still accepted.
            b.adsmCall(scaleAdd, Dim3.of(1), Dim3.of(32), y, firstOfB.address(), 1f, 1);
            b.adsmSync();
            assertEquals(3f, y.getFloat(0));
            // The CUDA-style runtime takes raw addresses as CUDA does, but not another runtime's.
            PtxKernel cudaScaleAdd = cuda.kernelResource(KERNELS, "scale_add");
            DeviceBuffer dy = cuda.malloc(64);
            AdsmException cudaForeign = assertThrows(
                    AdsmException.class, () -> cuda.launch(cudaScaleAdd, Dim3.of(1), Dim3.of(32), dy, raw, 1f, 1));
            assertEquals(AdsmException.Reason.FOREIGN_BUFFER, cudaForeign.reason());
            assertTrue(cudaForeign.getMessage().contains("0x" + Long.toHexString(raw)), cudaForeign.getMessage());
        }
    }

    @Test
    void kernelFromAFileWithParameterNamesFromItsCudaSource(@TempDir Path dir) throws Exception {
        String ptx = Adsm.readResource(KERNELS);
        Path cuda = dir.resolve("cuda");
        Files.createDirectories(cuda);
        Files.writeString(cuda.resolve("k.cu"), Files.readString(Path.of("src/test/cuda/adsm_test_kernels.cu")));
        Path ptxDir = dir.resolve("ptx");
        Files.createDirectories(ptxDir);
        Path file = ptxDir.resolve("k.ptx");
        Files.writeString(file, ptx);
        try (Adsm adsm = Adsm.open()) {
            PtxKernel scaleAdd = adsm.kernel(file, "scale_add");
            assertEquals(List.of("y", "x", "a", "n"), names(scaleAdd));
            SharedBuffer y = adsm.adsmAlloc(64);
            AdsmException mismatch = assertThrows(
                    AdsmException.class, () -> adsm.adsmCall(scaleAdd, Dim3.of(1), Dim3.of(32), y, y, 2, 1));
            assertTrue(mismatch.getMessage().contains("parameter 2 (a) is .f32"), mismatch.getMessage());
            AdsmException several = assertThrows(AdsmException.class, () -> adsm.kernel(file));
            assertEquals(AdsmException.Reason.UNKNOWN_KERNEL, several.reason());
            assertTrue(several.getMessage().contains("scale_add"), several.getMessage());

            // Without a source beside it, the PTX names stay; a PTX with line information points at its source.
            Path bare = dir.resolve("bare.ptx");
            Files.writeString(bare, ptx);
            assertEquals("scale_add_param_2", adsm.kernel(bare, "scale_add").paramName(2));
            Path withLines = dir.resolve("lines.ptx");
            Files.writeString(withLines, ptx + "\n\t.file\t1 \"" + cuda.resolve("k.cu") + "\"\n");
            assertEquals(
                    List.of("out", "out_len", "in", "in_len", "fail_at"), names(adsm.kernel(withLines, "mix_bytes")));
        }
    }

    @Test
    void aFileWithOneKernelNeedsNoName(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("saxpy.ptx");
        Files.writeString(file, Adsm.readResource("/ptx/saxpy.ptx"));
        try (Adsm adsm = Adsm.open()) {
            assertEquals("saxpy", adsm.kernel(file).name());
            assertEquals(AdsmException.Reason.UNKNOWN_KERNEL, reasonOf(() -> adsm.kernel(dir.resolve("missing.ptx"))));
        }
    }

    @Test
    void cudaSignaturesAreParsedWithQualifiersAndMangledNames() {
        String source = "// test\ntemplate <int N> __device__ int f(int a);\n"
                + "__global__ void __launch_bounds__(256) k(const float* __restrict__ in, float *out,\n"
                + "    unsigned long long n, int /* unnamed */, float v[4]) { }\n";
        assertEquals(
                List.of("in", "out", "n", "v"),
                CudaParamNames.parse(source, "k").stream()
                        .map(name -> name == null ? "?" : name)
                        .filter(name -> !name.equals("?"))
                        .toList());
        assertEquals(5, CudaParamNames.parse(source, "k").size());
        assertEquals("saxpy", CudaParamNames.sourceName("_Z5saxpyifPKfPf"));
        assertEquals("saxpy", CudaParamNames.sourceName("saxpy"));
    }

    private static List<String> names(PtxKernel kernel) {
        return java.util.stream.IntStream.range(0, kernel.params().size())
                .mapToObj(kernel::paramName)
                .toList();
    }

    @Test
    void everythingAfterCloseIsClosed() {
        Adsm adsm = Adsm.open();
        SharedBuffer buffer = adsm.adsmAlloc(64);
        PtxKernel kernel = adsm.kernelResource(KERNELS, "scale_add");
        adsm.close();
        assertEquals(AdsmException.Reason.CLOSED, reasonOf(() -> adsm.adsmAlloc(64)));
        assertEquals(AdsmException.Reason.CLOSED, reasonOf(() -> buffer.getFloat(0)));
        assertEquals(AdsmException.Reason.CLOSED, reasonOf(() -> buffer.putFloat(0, 1f)));
        assertEquals(AdsmException.Reason.CLOSED, reasonOf(() -> adsm.kernelResource(KERNELS, "scale_add")));
        assertEquals(
                AdsmException.Reason.CLOSED,
                reasonOf(() -> adsm.adsmCall(kernel, Dim3.of(1), Dim3.of(32), buffer, buffer, 1f, 1)));
        assertEquals(AdsmException.Reason.CLOSED, reasonOf(adsm::adsmSync));
        assertEquals(AdsmException.Reason.CLOSED, reasonOf(() -> adsm.adsmFree(buffer)));
        adsm.close(); // a second close does nothing
    }

    @Test
    void closeReportsTheFaultOfAKernelNobodySynced() {
        Adsm adsm = Adsm.open();
        SharedBuffer out = adsm.adsmAlloc(64);
        adsm.adsmCall(adsm.kernelResource(KERNELS, "mix_bytes"), Dim3.of(1), Dim3.of(64), out, 64, out, 0, 3);
        AdsmException fault = assertThrows(AdsmException.class, adsm::close);
        assertEquals(AdsmException.Reason.KERNEL_FAULT, fault.reason());
        assertTrue(fault.getMessage().contains("mix_bytes"), fault.getMessage());
        assertEquals(AdsmException.Reason.CLOSED, reasonOf(() -> adsm.adsmAlloc(1)), "closed all the same");
    }

    @Test
    void strictIsNeverMisread() {
        // Issue 14 asked for gmac.strict=yes to be rejected (it was read as false). The settings registry of
        // main (decision 0501) reads yes/no, on/off, 1/0 as booleans, so "yes" now means true; anything
        // else is rejected like other bad settings, never silently false.
        Properties properties = new Properties();
        properties.setProperty("gmac.strict", "maybe");
        AdsmException bad = assertThrows(AdsmException.class, () -> AdsmConfig.fromEnvironment(properties, Map.of()));
        assertEquals(AdsmException.Reason.BAD_CONFIGURATION, bad.reason());
        assertTrue(bad.getMessage().contains("gmac.strict"), bad.getMessage());
        properties.setProperty("gmac.strict", "yes");
        assertTrue(AdsmConfig.fromEnvironment(properties, Map.of()).strict());
        properties.setProperty("gmac.strict", "TRUE");
        assertTrue(AdsmConfig.fromEnvironment(properties, Map.of()).strict());
    }
}
