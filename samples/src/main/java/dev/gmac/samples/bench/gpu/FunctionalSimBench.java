package dev.gmac.samples.bench.gpu;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.LaunchOptions;
import dev.gmac.gpu.LaunchStats;
import dev.gmac.gpu.SoftwareGpu;
import dev.gmac.gpu.ptx.PtxModule;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
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
 * Functional simulation speed of the software GPU on one core (the functional model runs a launch on the
 * calling thread): SAXPY with n = 2^20 (4096 CTAs of 256 threads) and the tiled matrix multiply of two 256 × 256
 * matrices with 16 × 16 tiles (256 CTAs of 256 threads), both from the committed nvcc PTX ({@code
 * /ptx/saxpy.ptx}, {@code /ptx/matmul_tiled.ptx}).
 *
 * <p>Units: the primary score is kernel launches per second. The secondary result {@code threadInstructions}
 * (an {@link AuxCounters} counter, normalised by JMH like a throughput) is the figure that matters: <b>thread
 * instructions simulated per second</b>, where a thread instruction is one warp instruction times its active
 * lanes ({@link LaunchStats#threadInstructions()}). {@code warpInstructions} is the same in warp instructions.
 * Target (issue 3): at least 100 million thread instructions per second.
 *
 * <p>{@code warpSize} (32, 64) and {@code divergence} ({@code pdom}, {@code its}, or any registered model) choose
 * the simulated hardware of every launch: {@code ./gmac bench FunctionalSim --param warpSize=32,64 --param
 * divergence=pdom,its}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Benchmark)
public class FunctionalSimBench {
    /** Lanes per warp of every launch. */
    @Param({"32"})
    public int warpSize;

    /** Divergence model of every launch. */
    @Param({"pdom"})
    public String divergence;

    private LaunchOptions options;

    static final int SAXPY_N = 1 << 20;
    static final int MATMUL_N = 256;
    static final int TILE = 16;

    SoftwareGpu gpu;
    PtxModule saxpy;
    PtxModule matmul;
    long x;
    long y;
    long a;
    long b;
    long c;

    /** Per-thread counters reported as rates (thread and warp instructions per second). */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Instructions {
        /** Thread instructions simulated (reported per second). */
        public long threadInstructions;
        /** Warp instructions simulated (reported per second). */
        public long warpInstructions;

        @Setup(Level.Iteration)
        public void reset() {
            threadInstructions = 0;
            warpInstructions = 0;
        }

        void add(LaunchStats s) {
            threadInstructions += s.threadInstructions();
            warpInstructions += s.warpInstructions();
        }
    }

    @Setup(Level.Trial)
    public void setUp() {
        gpu = new SoftwareGpu();
        options = new LaunchOptions(warpSize, divergence, null);
        saxpy = gpu.loadResource("/ptx/saxpy.ptx");
        matmul = gpu.loadResource("/ptx/matmul_tiled.ptx");
        x = BenchInputs.upload(gpu, SAXPY_N, 1);
        y = BenchInputs.upload(gpu, SAXPY_N, 2);
        a = BenchInputs.upload(gpu, MATMUL_N * MATMUL_N, 3);
        b = BenchInputs.upload(gpu, MATMUL_N * MATMUL_N, 4);
        c = gpu.malloc(4L * MATMUL_N * MATMUL_N);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        gpu.close();
    }

    /** y = 2.5 x + y over 2^20 elements. */
    @Benchmark
    public LaunchStats saxpy(Instructions counters) {
        LaunchStats s = gpu.launch(
                saxpy,
                "saxpy",
                Dim3.of(SAXPY_N / 256),
                Dim3.of(256),
                0,
                options,
                SAXPY_N,
                Float.floatToRawIntBits(2.5f) & 0xFFFFFFFFL,
                x,
                y);
        counters.add(s);
        return s;
    }

    /** C = A × B for 256 × 256 matrices with 16 × 16 shared-memory tiles. */
    @Benchmark
    public LaunchStats matmulTiled(Instructions counters) {
        LaunchStats s = gpu.launch(
                matmul,
                "matmul_tiled",
                Dim3.of(MATMUL_N / TILE, MATMUL_N / TILE),
                Dim3.of(TILE, TILE),
                0,
                options,
                a,
                b,
                c,
                MATMUL_N,
                MATMUL_N,
                MATMUL_N);
        counters.add(s);
        return s;
    }
}
