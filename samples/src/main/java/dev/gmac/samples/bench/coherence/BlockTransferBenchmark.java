package dev.gmac.samples.bench.coherence;

import dev.gmac.api.SoftwareGpuAccelerator;
import dev.gmac.coherence.transfer.TransferCostModel;
import dev.gmac.coherence.transfer.TransferCounters;
import dev.gmac.coherence.transfer.TransferEngine;
import dev.gmac.gpu.GpuConfig;
import dev.gmac.gpu.SoftwareGpu;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The real cost of one block transfer through the transfer engine to and from the software GPU's memory
 * (counting included), for a 4 KiB block and the default 256 KiB block. The modelled PCIe 2.0 x16 time of
 * the same transfer is 10 µs + bytes / 6 GB/s (10.7 µs and 53.7 µs), for comparison.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Thread)
public class BlockTransferBenchmark {
    @Param({"4096", "262144"})
    public int blockBytes;

    SoftwareGpu gpu;
    TransferEngine engine;
    long device;
    ByteBuffer host;

    @Setup(Level.Trial)
    public void setUp() {
        gpu = new SoftwareGpu(GpuConfig.builder().globalMemoryBytes(16L << 20).build());
        engine =
                new TransferEngine(new SoftwareGpuAccelerator(gpu), new TransferCounters(TransferCostModel.pcie2x16()));
        device = gpu.malloc(blockBytes);
        host = ByteBuffer.allocateDirect(blockBytes).order(ByteOrder.LITTLE_ENDIAN);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        gpu.close();
    }

    @Benchmark
    public ByteBuffer toAccelerator() {
        engine.toAccelerator(device, host);
        return host;
    }

    @Benchmark
    public ByteBuffer toHost() {
        engine.toHost(device, host);
        return host;
    }
}
