package dev.gmac.samples.bench.coherence;

import dev.gmac.api.Adsm;
import dev.gmac.api.AdsmConfig;
import dev.gmac.api.Protocol;
import dev.gmac.api.SharedBuffer;
import dev.gmac.gpu.GpuConfig;
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
 * Bulk {@code SharedBuffer.copyFrom(float[])} of 16 MiB into a shared buffer that needs no transfer,
 * against {@code ByteBuffer.asFloatBuffer().put(float[])} on a direct buffer. Target: the shared buffer's
 * throughput at least 80% of the direct buffer's (time at most 1.25x).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Thread)
public class BulkCopyBenchmark {
    static final int FLOATS = 4 << 20;

    @Param({"batch", "lazy", "rolling"})
    public String protocol;

    Adsm adsm;
    SharedBuffer shared;
    ByteBuffer direct;
    float[] source;

    @Setup(Level.Trial)
    public void setUp() {
        adsm = Adsm.open(AdsmConfig.defaults()
                .withProtocol(Protocol.parse(protocol))
                .withRollingSize(1024)
                .withGpu(GpuConfig.builder().globalMemoryBytes(64L << 20).build()));
        shared = adsm.adsmAlloc(4L * FLOATS);
        direct = ByteBuffer.allocateDirect(4 * FLOATS).order(ByteOrder.nativeOrder());
        source = new float[FLOATS];
        for (int i = 0; i < FLOATS; i++) {
            source[i] = i;
        }
        shared.copyFrom(source); // every block dirty: later copies need no transfer
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        adsm.close();
    }

    @Benchmark
    public SharedBuffer sharedCopyFrom() {
        shared.copyFrom(source);
        return shared;
    }

    @Benchmark
    public ByteBuffer directAsFloatBufferPut() {
        direct.asFloatBuffer().put(source);
        return direct;
    }
}
