package dev.gmac.samples.bench.gpu;

import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * The same functional workloads as {@link FunctionalSimBench} (SAXPY over 2^20 elements, the 256 x 256 tiled
 * matrix multiply), run in one JMH run on this build's engine and on the engine of an older {@code gmac.jar}, so
 * that a change to the simulator's inner loop is reported as a ratio measured side by side (same machine, same
 * JMH settings, interleaved forks).
 *
 * <p>{@code jar} names the engine: {@code current} is the engine on the class path; any other value is the path
 * of a CLI jar ({@code samples/target/gmac.jar} of an older commit), whose {@code dev.gmac.gpu} classes are
 * loaded in their own class loader and driven through reflection (the public API {@code SoftwareGpu.malloc},
 * {@code copyToDevice}, {@code loadResource}, {@code launch} and {@code LaunchStats.threadInstructions}, which
 * every version has). Reflection costs one call per launch, nothing per simulated instruction.
 *
 * <p>The timing model is compared the same way: the tiled matrix multiply under {@code gtx480} with per-warp PDOM
 * stacks ({@link TimingSimBench}'s kernel), and the divergent n-queens count (11 x 11, one CTA of four warps, a
 * depth-first search with its stack in local memory) under thread block compaction with likely-convergence points,
 * where compacted warps hold lanes of several static warps (decision 0336's scoreboard path). Both go through
 * {@code TimingSimulator}, {@code TimedLaunch.run} and {@code LaunchOptions.withDivergence}, public in every version.
 *
 * <pre>
 * ./gmac bench EngineComparison --param jar=current,/path/to/old/gmac.jar --forks 2 --warmup 2 --iterations 5
 * </pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Benchmark)
public class EngineComparisonBench {
    /** {@code current}, or the path of an older gmac.jar. */
    @Param({"current"})
    public String jar;

    private URLClassLoader loader;
    private Object gpu;
    private Method launch;
    private Method threadInstructions;
    private Method dim3Of1;
    private Method dim3Of2;
    private Object saxpy;
    private Object matmul;
    private long x;
    private long y;
    private long a;
    private long b;
    private long c;
    private Object timedGpu;
    private Object simPdom;
    private Object simTbc;
    private Method timedRun;
    private Method timing;
    private Method timingThreadInstructions;
    private Object pdom;
    private Object tbcLcp;
    private Object timedMatmul;
    private Object nqueens;
    private long ta;
    private long tb;
    private long tc;
    private long counts;

    /** Thread instructions simulated, reported per second. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Instructions {
        /** Thread instructions simulated (reported per second). */
        public long threadInstructions;

        @Setup(Level.Iteration)
        public void reset() {
            threadInstructions = 0;
        }
    }

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        ClassLoader cl;
        if (jar.equals("current")) {
            cl = EngineComparisonBench.class.getClassLoader();
        } else {
            Path p = Path.of(jar);
            if (!Files.isRegularFile(p)) {
                throw new IllegalArgumentException("jar=" + jar + ": no such file");
            }
            loader = new URLClassLoader(new URL[] {p.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
            cl = loader;
        }
        Class<?> gpuClass = Class.forName("dev.gmac.gpu.SoftwareGpu", true, cl);
        Class<?> dim3 = Class.forName("dev.gmac.gpu.Dim3", true, cl);
        Class<?> module = Class.forName("dev.gmac.gpu.ptx.PtxModule", true, cl);
        Class<?> stats = Class.forName("dev.gmac.gpu.LaunchStats", true, cl);
        gpu = gpuClass.getConstructor().newInstance();
        Method loadResource = gpuClass.getMethod("loadResource", String.class);
        saxpy = loadResource.invoke(gpu, "/ptx/saxpy.ptx");
        matmul = loadResource.invoke(gpu, "/ptx/matmul_tiled.ptx");
        launch = gpuClass.getMethod("launch", module, String.class, dim3, dim3, int.class, long[].class);
        threadInstructions = stats.getMethod("threadInstructions");
        dim3Of1 = dim3.getMethod("of", int.class);
        dim3Of2 = dim3.getMethod("of", int.class, int.class);
        Method malloc = gpuClass.getMethod("malloc", long.class);
        Method copy = gpuClass.getMethod("copyToDevice", long.class, ByteBuffer.class);
        int n = FunctionalSimBench.SAXPY_N;
        int m = FunctionalSimBench.MATMUL_N * FunctionalSimBench.MATMUL_N;
        x = upload(gpu, malloc, copy, n, 1);
        y = upload(gpu, malloc, copy, n, 2);
        a = upload(gpu, malloc, copy, m, 3);
        b = upload(gpu, malloc, copy, m, 4);
        c = (long) malloc.invoke(gpu, 4L * m);
        setUpTiming(cl, gpuClass, dim3, module, malloc, copy, m);
    }

    private void setUpTiming(
            ClassLoader cl, Class<?> gpuClass, Class<?> dim3, Class<?> module, Method malloc, Method copy, int m)
            throws Exception {
        Class<?> configClass = Class.forName("dev.gmac.gpu.timing.config.TimingConfig", true, cl);
        Class<?> simClass = Class.forName("dev.gmac.gpu.timing.TimingSimulator", true, cl);
        Class<?> gpuConfig = Class.forName("dev.gmac.gpu.GpuConfig", true, cl);
        Class<?> options = Class.forName("dev.gmac.gpu.LaunchOptions", true, cl);
        Class<?> timedLaunch = Class.forName("dev.gmac.gpu.timing.functional.TimedLaunch", true, cl);
        Object config = configClass.getMethod("load", String.class).invoke(null, "gtx480");
        simPdom = simClass.getConstructor(configClass).newInstance(config);
        simTbc = simClass.getConstructor(configClass).newInstance(config);
        int slots = (int) simClass.getMethod("ctaSlots").invoke(simPdom);
        Object builder = gpuConfig.getMethod("builder").invoke(null);
        builder = builder.getClass().getMethod("maxResidentCtas", int.class).invoke(builder, slots);
        Object built = builder.getClass().getMethod("build").invoke(builder);
        timedGpu = gpuClass.getConstructor(gpuConfig).newInstance(built);
        Method loadResource = gpuClass.getMethod("loadResource", String.class);
        timedMatmul = loadResource.invoke(timedGpu, "/ptx/matmul_tiled.ptx");
        nqueens = loadResource.invoke(timedGpu, "/ptx/nqueens.ptx");
        Object defaults = options.getField("DEFAULTS").get(null);
        Method withDivergence = options.getMethod("withDivergence", String.class);
        pdom = withDivergence.invoke(defaults, "pdom");
        tbcLcp = withDivergence.invoke(defaults, "tbc-lcp");
        timedRun = timedLaunch.getMethod(
                "run",
                gpuClass,
                simClass,
                int.class,
                long.class,
                module,
                String.class,
                dim3,
                dim3,
                int.class,
                options,
                long[].class);
        timing = timedRun.getReturnType().getMethod("timing");
        timingThreadInstructions = timing.getReturnType().getMethod("threadInstructions");
        ta = upload(timedGpu, malloc, copy, m, 3);
        tb = upload(timedGpu, malloc, copy, m, 4);
        tc = (long) malloc.invoke(timedGpu, 4L * m);
        counts = (long) malloc.invoke(timedGpu, 4L * 128);
    }

    private static long upload(Object device, Method malloc, Method copy, int n, int seed) throws Exception {
        long p = (long) malloc.invoke(device, 4L * n);
        ByteBuffer buf = ByteBuffer.allocateDirect(4 * n).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++) {
            buf.putFloat(4 * i, ((i * 31 + seed) % 97) / 97f);
        }
        copy.invoke(device, p, buf);
        return p;
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        gpu.getClass().getMethod("close").invoke(gpu);
        timedGpu.getClass().getMethod("close").invoke(timedGpu);
        if (loader != null) {
            loader.close();
        }
    }

    /** y = 2.5 x + y over 2^20 elements. */
    @Benchmark
    public Object saxpy(Instructions counters) throws Exception {
        int n = FunctionalSimBench.SAXPY_N;
        Object s = launch.invoke(
                gpu, saxpy, "saxpy", dim3Of1.invoke(null, n / 256), dim3Of1.invoke(null, 256), 0, new long[] {
                    n, Float.floatToRawIntBits(2.5f) & 0xFFFFFFFFL, x, y
                });
        counters.threadInstructions += (long) threadInstructions.invoke(s);
        return s;
    }

    /** C = A x B for 256 x 256 matrices with 16 x 16 shared-memory tiles. */
    @Benchmark
    public Object matmulTiled(Instructions counters) throws Exception {
        int n = FunctionalSimBench.MATMUL_N;
        int t = FunctionalSimBench.TILE;
        Object s = launch.invoke(
                gpu,
                matmul,
                "matmul_tiled",
                dim3Of2.invoke(null, n / t, n / t),
                dim3Of2.invoke(null, t, t),
                0,
                new long[] {a, b, c, n, n, n});
        counters.threadInstructions += (long) threadInstructions.invoke(s);
        return s;
    }

    /** The tiled matrix multiply under the gtx480 timing model with per-warp PDOM stacks. */
    @Benchmark
    public Object matmulTimedPdom(Instructions counters) throws Exception {
        int n = FunctionalSimBench.MATMUL_N;
        int t = FunctionalSimBench.TILE;
        return timed(
                counters,
                simPdom,
                timedMatmul,
                "matmul_tiled",
                dim3Of2.invoke(null, n / t, n / t),
                dim3Of2.invoke(null, t, t),
                pdom,
                new long[] {ta, tb, tc, n, n, n});
    }

    /** The 11 x 11 n-queens count (121 threads in one CTA) under the gtx480 timing model with TBC-LCP. */
    @Benchmark
    public Object nqueensTimedTbcLcp(Instructions counters) throws Exception {
        return timed(
                counters,
                simTbc,
                nqueens,
                "nqueens_count",
                dim3Of1.invoke(null, 1),
                dim3Of1.invoke(null, 128),
                tbcLcp,
                new long[] {11, counts});
    }

    private Object timed(
            Instructions counters,
            Object sim,
            Object module,
            String kernel,
            Object grid,
            Object block,
            Object options,
            long[] args)
            throws Exception {
        Object r = timedRun.invoke(null, timedGpu, sim, 0, 400_000_000L, module, kernel, grid, block, 0, options, args);
        Object stats = timing.invoke(r);
        counters.threadInstructions += (long) timingThreadInstructions.invoke(stats);
        return stats;
    }
}
