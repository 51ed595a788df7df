package dev.gmac.samples.bench.gpu;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.GpuConfig;
import dev.gmac.gpu.LaunchOptions;
import dev.gmac.gpu.SoftwareGpu;
import dev.gmac.gpu.ptx.PtxModule;
import dev.gmac.gpu.timing.TimingSimulator;
import dev.gmac.gpu.timing.config.TimingConfig;
import dev.gmac.gpu.timing.functional.TimedLaunch;
import dev.gmac.gpu.timing.stats.KernelTimingStats;
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
 * Timing simulation speed on one core (issue 7, "Performance"; the timing model of Fung thesis §2.3.3 driving the
 * functional model, execute-at-issue): the tiled matrix multiply of two 256 × 256 matrices with 16 × 16 tiles (256
 * CTAs of 256 threads, the committed nvcc PTX {@code /ptx/matmul_tiled.ptx}) run by {@link TimedLaunch} under the
 * {@code gtx480} preset. Every launch is simulated cycle by cycle on the calling thread.
 *
 * <p>Units: the primary score is kernel launches per second. The secondary result {@code threadInstructions} (an
 * {@link AuxCounters} counter, normalised by JMH like a throughput) is the figure that matters: <b>thread
 * instructions simulated per second</b> with timing on (one warp instruction times its active lanes, as {@link
 * KernelTimingStats#threadInstructions()} counts them). {@code warpInstructions} is the same in warp instructions
 * and {@code simulatedCycles} the simulated GPU core cycles per second of host time. Target (issue 7): at least 5
 * million thread instructions per second.
 *
 * <p>One {@link TimingSimulator} serves every launch of a trial, as a program's successive launches would: the L2
 * stays warm and simulated time runs on; a fresh simulator per launch would measure its construction too.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Benchmark)
public class TimingSimBench {
    static final int MATMUL_N = 256;
    static final int TILE = 16;

    /** The timing preset. */
    @Param({"gtx480"})
    public String preset;

    /**
     * The divergence model (issue 17's target: timing simulation under thread block compaction at least 0.5x as
     * fast as under per-warp PDOM stacks on this kernel).
     */
    @Param({"pdom", "tbc"})
    public String divergence;

    TimingSimulator sim;
    SoftwareGpu gpu;
    PtxModule matmul;
    long a;
    long b;
    long c;

    /** Per-thread counters reported as rates (per second of host time). */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Simulated {
        /** Thread instructions simulated (reported per second). */
        public long threadInstructions;
        /** Warp instructions simulated (reported per second). */
        public long warpInstructions;
        /** GPU core cycles simulated (reported per second). */
        public long simulatedCycles;

        @Setup(Level.Iteration)
        public void reset() {
            threadInstructions = 0;
            warpInstructions = 0;
            simulatedCycles = 0;
        }

        void add(KernelTimingStats s) {
            threadInstructions += s.threadInstructions();
            warpInstructions += s.warpInstructions();
            simulatedCycles += s.cycles();
        }
    }

    @Setup(Level.Trial)
    public void setUp() {
        sim = new TimingSimulator(TimingConfig.load(preset));
        gpu = new SoftwareGpu(
                GpuConfig.builder().maxResidentCtas(sim.ctaSlots()).build());
        matmul = gpu.loadResource("/ptx/matmul_tiled.ptx");
        a = BenchInputs.upload(gpu, MATMUL_N * MATMUL_N, 3);
        b = BenchInputs.upload(gpu, MATMUL_N * MATMUL_N, 4);
        c = gpu.malloc(4L * MATMUL_N * MATMUL_N);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        gpu.close();
    }

    /** C = A × B for 256 × 256 matrices with 16 × 16 shared-memory tiles, under the timing model. */
    @Benchmark
    public KernelTimingStats matmulTiled(Simulated counters) {
        KernelTimingStats s = TimedLaunch.run(
                        gpu,
                        sim,
                        0,
                        TimedLaunch.DEFAULT_CYCLE_LIMIT,
                        matmul,
                        "matmul_tiled",
                        Dim3.of(MATMUL_N / TILE, MATMUL_N / TILE),
                        Dim3.of(TILE, TILE),
                        0,
                        LaunchOptions.DEFAULTS.withDivergence(divergence),
                        a,
                        b,
                        c,
                        MATMUL_N,
                        MATMUL_N,
                        MATMUL_N)
                .timing();
        counters.add(s);
        return s;
    }
}
