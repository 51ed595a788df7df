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
 * Sequential {@code getFloat}/{@code putFloat} over a 64 MiB shared buffer that needs no transfer (every
 * block already dirty on the host, so every access stays on the accessor's fast path) against the same
 * loop over a direct {@link ByteBuffer} in native (little-endian) order. Target: the shared buffer at most
 * 1.3x the time of the direct buffer.
 *
 * <p>The shared buffer's rolling size is raised so that all 256 blocks (256 KiB each) may be dirty at once:
 * with the default rolling size a sequential write would evict eagerly, which is a transfer.
 *
 * <p>{@code init} says how the setup makes every block dirty: {@code bulk} with one {@code copyFrom}, so the
 * JIT's profile of the element accessors never sees a window miss; {@code elements} with {@code putFloat}
 * per element, so under rolling-update the profile sees one miss (a write fault) per block. In the second
 * case the first copy of the accessors' fast paths is profiled with misses, and the loop runs at direct-buffer
 * speed only once the runtime has put a fresh copy in place (about 100 ms after the misses stop; decision
 * 0105). Run the forks with {@code -Dgmac.fastPathRefresh=false} to see the loop without that refresh.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Thread)
public class SequentialAccessBenchmark {
    static final int BYTES = 64 << 20;
    static final int FLOATS = BYTES / 4;

    @Param({"batch", "lazy", "rolling"})
    public String protocol;

    @Param({"bulk", "elements"})
    public String init;

    Adsm adsm;
    SharedBuffer shared;
    ByteBuffer direct;

    @Setup(Level.Trial)
    public void setUp() {
        adsm = Adsm.open(AdsmConfig.defaults()
                .withProtocol(Protocol.parse(protocol))
                .withRollingSize(1024)
                .withGpu(GpuConfig.builder().globalMemoryBytes(256L << 20).build()));
        shared = adsm.adsmAlloc(BYTES);
        direct = ByteBuffer.allocateDirect(BYTES).order(ByteOrder.nativeOrder());
        float[] values = new float[FLOATS];
        for (int i = 0; i < FLOATS; i++) {
            values[i] = i;
            direct.putFloat(4 * i, i);
        }
        if (init.equals("bulk")) {
            shared.copyFrom(values);
        } else {
            for (int i = 0; i < FLOATS; i++) {
                shared.putFloat(i, values[i]);
            }
        }
        if (adsm.stats().evictions() != 0) {
            throw new IllegalStateException("setup evicted: the benchmark would not be transfer-free");
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        adsm.close();
    }

    @Benchmark
    public float sharedGetFloat() {
        SharedBuffer buffer = shared;
        float sum = 0;
        for (int i = 0; i < FLOATS; i++) {
            sum += buffer.getFloat(i);
        }
        return sum;
    }

    @Benchmark
    public float directGetFloat() {
        ByteBuffer buffer = direct;
        float sum = 0;
        for (int i = 0; i < FLOATS; i++) {
            sum += buffer.getFloat(i << 2);
        }
        return sum;
    }

    @Benchmark
    public SharedBuffer sharedPutFloat() {
        SharedBuffer buffer = shared;
        for (int i = 0; i < FLOATS; i++) {
            buffer.putFloat(i, i);
        }
        return buffer;
    }

    @Benchmark
    public ByteBuffer directPutFloat() {
        ByteBuffer buffer = direct;
        for (int i = 0; i < FLOATS; i++) {
            buffer.putFloat(i << 2, i);
        }
        return buffer;
    }
}
