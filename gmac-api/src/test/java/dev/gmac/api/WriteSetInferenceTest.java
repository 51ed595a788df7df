package dev.gmac.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Unannotated calls infer their write sets from the kernel's code (ADSM paper §4.3: "interprocedural pointer
 * analysis in the compiler ... to detect those data structures being accessed by kernels"): a buffer passed to a
 * parameter the kernel only ever loads through keeps its host copy, so reading it after the call moves nothing.
 */
class WriteSetInferenceTest {
    private static final int N = 1024;

    private static AdsmConfig config(Protocol protocol) {
        return AdsmConfig.defaults().withProtocol(protocol).withBlockSize(1024);
    }

    /** saxpy(n, a, x, y): x is only loaded (ld.global.nc: const float*), y is read and written. */
    private static long bytesFetchedReadingBothAfterSaxpy(AdsmConfig config) {
        try (Adsm adsm = Adsm.open(config)) {
            FloatView x = adsm.allocFloats(N);
            FloatView y = adsm.allocFloats(N);
            float[] values = new float[N];
            java.util.Arrays.fill(values, 1f);
            x.copyFrom(values);
            y.copyFrom(values);
            adsm.adsmCall(adsm.kernelResource("/ptx/saxpy.ptx", "saxpy"), Dim3.of(N / 256), Dim3.of(256), N, 2f, x, y);
            adsm.adsmSync();
            adsm.resetStats();
            float[] read = new float[N];
            x.copyTo(read);
            assertEquals(1f, read[N - 1]);
            y.copyTo(read);
            assertEquals(3f, read[N - 1]);
            return adsm.stats().bytesToHost();
        }
    }

    @Test
    void aBufferTheKernelOnlyReadsKeepsItsHostCopy() {
        assertEquals(4L * N, bytesFetchedReadingBothAfterSaxpy(config(Protocol.ROLLING)), "only y came back");
        assertEquals(4L * N, bytesFetchedReadingBothAfterSaxpy(config(Protocol.LAZY)), "only y came back");
    }

    @Test
    void withoutInferenceEveryReachedBufferIsInvalidated() {
        assertEquals(
                2L * 4 * N,
                bytesFetchedReadingBothAfterSaxpy(config(Protocol.ROLLING).withInferWriteSets(false)),
                "x and y came back");
    }

    @Test
    void batchUpdateIgnoresInferenceAsThePaperDefinesIt() {
        try (Adsm adsm = Adsm.open(config(Protocol.BATCH))) {
            FloatView x = adsm.allocFloats(N);
            FloatView y = adsm.allocFloats(N);
            adsm.adsmCall(adsm.kernelResource("/ptx/saxpy.ptx", "saxpy"), Dim3.of(N / 256), Dim3.of(256), N, 2f, x, y);
            adsm.adsmSync();
            assertEquals(2L * 4 * N, adsm.stats().bytesToHost(), "batch-update fetches back every object");
        }
    }

    @Test
    void aStoreThroughALoadedPointerMakesEveryReachedBufferWritten() {
        try (Adsm adsm = Adsm.open(config(Protocol.ROLLING))) {
            PtxKernel kernel = adsm.kernelResource(AdsmApiTest.KERNELS, "store_through_table");
            assertTrue(kernel.access().writesThroughUnknownPointers());
            SharedBuffer table = adsm.adsmAlloc(8);
            FloatView out = adsm.allocFloats(N);
            FloatView in = adsm.allocFloats(N);
            in.set(5, 7f);
            table.putLong(0, out.buffer().address());
            adsm.call(kernel, Dim3.of(N / 256), Dim3.of(256), table, in, N)
                    .reaches(out.buffer())
                    .launch();
            adsm.adsmSync();
            adsm.resetStats();
            assertEquals(7f, out.get(5));
            assertEquals(7f, in.get(5));
            assertEquals(8, adsm.stats().bytesToHost(), "out and in were both invalidated: 4 bytes each");
        }
    }

    @Test
    void anAnnotationStillWinsOverTheInference() {
        try (Adsm adsm = Adsm.open(config(Protocol.ROLLING))) {
            FloatView x = adsm.allocFloats(N);
            FloatView y = adsm.allocFloats(N);
            adsm.adsmCall(
                    adsm.kernelResource("/ptx/saxpy.ptx", "saxpy"),
                    Dim3.of(N / 256),
                    Dim3.of(256),
                    WriteSet.of(x.buffer(), y.buffer()),
                    N,
                    2f,
                    x,
                    y);
            adsm.adsmSync();
            x.get(0);
            y.get(0);
            assertEquals(8, adsm.stats().bytesToHost(), "the declared set named x too: it was invalidated");
        }
    }
}
