package dev.gmac.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.coherence.ObjectTraffic;
import dev.gmac.coherence.transfer.Direction;
import dev.gmac.coherence.transfer.HostCosts;
import dev.gmac.coherence.transfer.TimelineSnapshot;
import dev.gmac.coherence.transfer.TransferCostModel;
import org.junit.jupiter.api.Test;

/**
 * Modelled end-to-end time (ADSM paper §5, Figures 7 and 10): kernels under a timing preset, transfers with
 * the DMA engines overlapping host work and kernels, fault and launch costs, measured host compute.
 */
class EndToEndTimeTest {
    private static final int N = 4096;
    private static final TransferCostModel BUS = TransferCostModel.pcie2x16();

    /** Spins for {@code nanos} of this thread's CPU time (the timeline measures CPU time). */
    private static void work(long nanos) {
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long end = threads.getCurrentThreadCpuTime() + nanos;
        while (threads.getCurrentThreadCpuTime() < end) {
            Thread.onSpinWait();
        }
    }

    private static double seconds(Direction direction, long bytes) {
        return BUS.seconds(direction, bytes);
    }

    @Test
    void aTimedCallReportsCyclesAndKernelTime() {
        try (Adsm adsm = Adsm.open(AdsmConfig.defaults().withTiming("fx5800"))) {
            assertEquals("fx5800", adsm.timingPreset());
            FloatView x = adsm.allocFloats(N);
            FloatView y = adsm.allocFloats(N);
            adsm.adsmCall(adsm.kernelResource("/ptx/saxpy.ptx", "saxpy"), Dim3.of(N / 256), Dim3.of(256), N, 2f, x, y);
            adsm.adsmSync();
            TransferStats stats = adsm.stats();
            assertEquals(1, stats.kernels());
            assertTrue(stats.kernelCycles() > 0, "cycles " + stats.kernelCycles());
            TimelineSnapshot time = stats.time();
            assertTrue(time.kernels() > 0);
            double coreHz = dev.gmac.gpu.timing.config.TimingPresets.load("fx5800")
                            .clocks()
                            .coreMhz()
                    * 1e6;
            assertEquals(stats.kernelCycles() / coreHz, time.kernels(), 1e-12, "cycles over the core clock");
            assertTrue(time.gpuWait() <= time.kernels(), "a wait for the kernel is at most the kernel");
            assertEquals(HostCosts.gt200Era().launchSeconds(), time.launch(), 1e-12, "one launch");
            assertTrue(time.endToEnd() >= time.kernels() + time.launch(), time.toString());
        }
    }

    @Test
    void untimedKernelsTakeNoModelledTimeAndBadPresetsAreRejected() {
        try (Adsm adsm = Adsm.open()) {
            assertNull(adsm.timingPreset());
            FloatView y = adsm.allocFloats(N);
            adsm.adsmCall(adsm.kernelResource("/ptx/saxpy.ptx", "saxpy"), Dim3.of(N / 256), Dim3.of(256), N, 2f, y, y);
            adsm.adsmSync();
            assertEquals(0, adsm.stats().kernelCycles());
            assertEquals(0, adsm.stats().time().kernels());
            assertEquals(1, adsm.stats().kernels());
        }
        AdsmException bad =
                assertThrows(AdsmException.class, () -> AdsmConfig.defaults().withTiming("gt9000"));
        assertEquals(AdsmException.Reason.BAD_CONFIGURATION, bad.reason());
        assertTrue(bad.getMessage().contains("fx5800"), bad.getMessage());
    }

    @Test
    void releaseTransfersAreWaitedForAndFaultsAndHostComputeAreCounted() {
        try (Adsm adsm = Adsm.open(AdsmConfig.defaults().withBlockSize(4096))) {
            FloatView x = adsm.allocFloats(N);
            FloatView y = adsm.allocFloats(N);
            for (int i = 0; i < N; i++) { // 4 blocks, each 1 or 2 write faults
                x.set(i, i);
            }
            work(20_000_000); // 20 ms of host work the timeline must see
            adsm.adsmCall(adsm.kernelResource("/ptx/saxpy.ptx", "saxpy"), Dim3.of(N / 256), Dim3.of(256), N, 2f, x, y);
            adsm.adsmSync();
            TransferStats stats = adsm.stats();
            TimelineSnapshot time = stats.time();
            assertTrue(time.cpu() >= 0.02, "measured host compute " + time.cpu());
            assertEquals(stats.writeFaults() * HostCosts.gt200Era().faultSeconds(), time.signal(), 1e-12);
            // x's 4 dirty blocks are contiguous: the release sends them as one DMA request (decision 0118).
            assertEquals(seconds(Direction.TO_ACCELERATOR, 4 * 4096), time.toAccelerator(), 1e-12, "x's 4 blocks");
            assertTrue(time.copy() >= time.toAccelerator() - 1e-12, "the host waited for the release's sends");
            double sum = time.cpu() + time.copy() + time.signal() + time.launch() + time.gpuWait();
            assertEquals(time.endToEnd(), sum, 1e-9, "the host's time is the sum of its categories");
        }
    }

    @Test
    void eagerEvictionsOverlapHostWork() {
        // 64 blocks of 1 KiB, rolling size 2: writing x evicts 62 blocks while the host keeps writing.
        AdsmConfig config = AdsmConfig.defaults().withBlockSize(1024).withRollingSize(1);
        try (Adsm adsm = Adsm.open(config)) {
            SharedBuffer x = adsm.adsmAlloc(64 * 1024);
            SharedBuffer y = adsm.adsmAlloc(8);
            for (int block = 0; block < 64; block++) {
                x.putFloat(block * 256L, block);
                work(200_000); // 0.2 ms of host work per block: more than a transfer
            }
            adsm.adsmCall(
                    adsm.kernelResource("/ptx/saxpy.ptx", "saxpy"), Dim3.of(1), Dim3.of(32), 2, 2f, x, y.slice(0, 8));
            adsm.adsmSync();
            TransferStats stats = adsm.stats();
            TimelineSnapshot time = stats.time();
            assertTrue(stats.evictions() > 50, "evictions " + stats.evictions());
            assertTrue(
                    time.evictionsOverlapped() > 0.9 * stats.evictions() * seconds(Direction.TO_ACCELERATOR, 4),
                    time.toString());
            assertTrue(time.copy() < time.toAccelerator() / 2, "the host waited for little of the sending: " + time);
        }
    }

    /**
     * Rolling ahead of lazy where host work overlaps eager evictions (ADSM paper §4.3 and §5.2): the host fills 16
     * blocks of 64 KiB, computing between blocks for longer than a block's transfer. Rolling-update has sent all but
     * the last dirty blocks by the call; lazy-update sends the whole megabyte at the call, and the host waits.
     */
    @Test
    void rollingIsAheadOfLazyWhereHostWorkOverlapsEvictions() {
        double[] copy = new double[2];
        double[] endToEnd = new double[2];
        Protocol[] protocols = {Protocol.LAZY, Protocol.ROLLING};
        for (int p = 0; p < 2; p++) {
            AdsmConfig config = AdsmConfig.defaults()
                    .withProtocol(protocols[p])
                    .withBlockSize(64 * 1024)
                    .withRollingSize(1);
            try (Adsm adsm = Adsm.open(config)) {
                FloatView x = adsm.allocFloats(16 * 16 * 1024);
                FloatView y = adsm.allocFloats(64);
                float[] block = new float[16 * 1024];
                for (int b = 0; b < 16; b++) {
                    java.util.Arrays.fill(block, b);
                    x.buffer().copyFrom(block, 0, (long) b * block.length, block.length);
                    work(300_000); // 0.3 ms of host work: more than a 64 KiB transfer (21 µs)
                }
                adsm.adsmCall(adsm.kernelResource("/ptx/saxpy.ptx", "saxpy"), Dim3.of(1), Dim3.of(64), 64, 2f, x, y);
                adsm.adsmSync();
                TimelineSnapshot time = adsm.stats().time();
                copy[p] = time.copy();
                endToEnd[p] = time.endToEnd();
                if (protocols[p] == Protocol.ROLLING) {
                    assertTrue(
                            adsm.stats().evictions() >= 13,
                            "evictions " + adsm.stats().evictions());
                    assertTrue(time.evictionsOverlapped() > 0, time.toString());
                }
            }
        }
        double megabyte = seconds(Direction.TO_ACCELERATOR, 1 << 20);
        assertTrue(copy[0] >= 0.999 * megabyte, "lazy waits for the whole megabyte at the call: " + copy[0]);
        assertTrue(copy[1] < copy[0] / 2, "rolling waits for little: " + copy[1] + " vs lazy " + copy[0]);
        // The modelled difference: most of a megabyte's transfer (about 0.18 ms) that rolling overlapped.
        assertTrue(
                copy[0] - copy[1] > 0.5 * megabyte,
                "rolling's copy wait " + copy[1] + " s against lazy's " + copy[0] + " s (end to end " + endToEnd[1]
                        + " vs " + endToEnd[0] + ")");
    }

    /**
     * A bulk copy between the program's array and a shared buffer is host work, as GMAC's memcpy into shared memory
     * is (decision 0117): most of the CPU time {@code copyFrom} and {@code copyTo} take is host compute, and only the
     * protocol's part of them is bookkeeping. (They used to be runtime work as a whole, which gave them no time.)
     */
    @Test
    void bulkCopiesBetweenArraysAndBuffersAreHostWork() {
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        // Lazy-update: no eager evictions, whose real copies (the modelled DMA engine's) are bookkeeping too.
        try (Adsm adsm = Adsm.open(AdsmConfig.defaults().withProtocol(Protocol.LAZY))) {
            float[] data = new float[8 << 20]; // 32 MiB
            java.util.Arrays.fill(data, 1.5f);
            FloatView x = adsm.allocFloats(data.length);
            x.copyFrom(data); // warm the path
            x.copyTo(data);
            adsm.resetStats();
            long before = threads.getCurrentThreadCpuTime();
            x.copyFrom(data);
            x.copyTo(data);
            double copies = (threads.getCurrentThreadCpuTime() - before) / 1e9;
            adsm.adsmSync(); // a runtime operation: the host compute before it is counted
            TimelineSnapshot time = adsm.stats().time();
            assertTrue(
                    time.cpu() >= 0.5 * copies,
                    "host compute " + time.cpu() + " s of the copies' " + copies + " s: " + time);
            assertTrue(time.bookkeeping() < 0.5 * copies, "bookkeeping " + time.bookkeeping() + " s of " + copies);
        }
    }

    @Test
    void statsPerBufferAreReported() {
        try (Adsm adsm = Adsm.open()) {
            SharedBuffer a = adsm.adsmAlloc(1024);
            SharedBuffer b = adsm.adsmAlloc(2048);
            a.putInt(3, 9);
            b.getInt(0);
            adsm.adsmCall(adsm.kernelResource("/ptx/saxpy.ptx", "saxpy"), Dim3.of(1), Dim3.of(32), 1, 1f, a, b);
            adsm.adsmSync();
            b.getInt(0);
            java.util.List<ObjectTraffic.Snapshot> rows = adsm.stats().buffers();
            assertEquals(2, rows.size());
            ObjectTraffic.Snapshot rowA = rows.get(0).bytes() == 1024 ? rows.get(0) : rows.get(1);
            ObjectTraffic.Snapshot rowB = rowA == rows.get(0) ? rows.get(1) : rows.get(0);
            assertEquals(4, rowA.bytesToAccelerator(), "a's one written int");
            assertEquals(1, rowA.writeFaults());
            assertEquals(4, rowB.bytesToHost(), "b's one int read after the kernel wrote it");
            assertEquals(1, rowB.readFaults());
        }
    }

    @Test
    void theExplicitBaselineIsTimedOnTheSameModel() {
        try (CudaStyle cuda = CudaStyle.open(AdsmConfig.defaults().withTiming("fx5800"))) {
            DeviceBuffer x = cuda.malloc(4L * N);
            DeviceBuffer y = cuda.malloc(4L * N);
            float[] values = new float[N];
            cuda.copyToDevice(x, 0, values, 0, N);
            cuda.launch(cuda.kernelResource("/ptx/saxpy.ptx", "saxpy"), Dim3.of(N / 256), Dim3.of(256), N, 2f, x, y);
            cuda.copyToHost(y, 0, values, 0, N);
            TimelineSnapshot time = cuda.stats().time();
            assertTrue(time.kernels() > 0);
            assertEquals(
                    seconds(Direction.TO_ACCELERATOR, 4L * N) + seconds(Direction.TO_HOST, 4L * N),
                    time.toAccelerator() + time.toHost(),
                    1e-12);
            assertTrue(time.endToEnd() >= time.kernels() + time.toAccelerator() + time.toHost(), "copies wait");
            assertTrue(cuda.stats().kernelCycles() > 0);
        }
    }
}
