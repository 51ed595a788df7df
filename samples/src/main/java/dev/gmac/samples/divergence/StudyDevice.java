package dev.gmac.samples.divergence;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.GpuConfig;
import dev.gmac.gpu.LaunchOptions;
import dev.gmac.gpu.LaunchStats;
import dev.gmac.gpu.SoftwareGpu;
import dev.gmac.gpu.ptx.PtxModule;
import dev.gmac.gpu.timing.TimingSimulator;
import dev.gmac.gpu.timing.config.TimingConfig;
import dev.gmac.gpu.timing.functional.TimedLaunch;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The software GPU one workload run uses: every launch runs under one divergence model, either on the functional
 * engine alone or under the timing model ({@link TimedLaunch}, a fresh {@link TimingSimulator} per run), and its
 * statistics are added to the run's {@link RunTotals}. Helpers upload and download the workloads' arrays. Confined
 * to the thread that made it.
 */
public final class StudyDevice implements AutoCloseable {
    /** Cycles after which a timed launch is declared stuck. */
    static final long CYCLE_LIMIT = 400_000_000L;

    private final SoftwareGpu gpu;
    private final TimingSimulator sim;
    private final LaunchOptions options;
    private final RunTotals totals = new RunTotals();

    private StudyDevice(SoftwareGpu gpu, TimingSimulator sim, String divergence) {
        this.gpu = gpu;
        this.sim = sim;
        this.options = LaunchOptions.DEFAULTS.withDivergence(divergence);
    }

    /** A device that runs launches on the functional engine under {@code divergence}. */
    public static StudyDevice functional(String divergence) {
        return new StudyDevice(new SoftwareGpu(GpuConfig.builder().build()), null, divergence);
    }

    /** A device that runs launches under the timing model of {@code config} and divergence model {@code divergence}. */
    public static StudyDevice timed(TimingConfig config, String divergence) {
        TimingSimulator sim = new TimingSimulator(config);
        SoftwareGpu gpu = new SoftwareGpu(
                GpuConfig.builder().maxResidentCtas(sim.ctaSlots()).build());
        return new StudyDevice(gpu, sim, divergence);
    }

    /** The divergence model launches use. */
    public String divergence() {
        return options.divergence();
    }

    /** The statistics of the launches so far. */
    public RunTotals totals() {
        return totals;
    }

    /** Hardware CTA slots of the timed GPU (cores x CTAs per core), or {@code fallback} on the functional engine. */
    public int ctaSlots(int fallback) {
        return sim == null ? fallback : sim.ctaSlots();
    }

    /** Loads a committed PTX module ({@code /ptx/NAME.ptx}). */
    public PtxModule module(String name) {
        return gpu.loadResource("/ptx/" + name + ".ptx");
    }

    /** Runs one launch and adds its statistics. */
    public void launch(PtxModule m, String kernel, Dim3 grid, Dim3 block, long... args) {
        if (sim == null) {
            totals.add(gpu.launch(m, kernel, grid, block, 0, options, args));
        } else {
            TimedLaunch.Result r = TimedLaunch.run(gpu, sim, 0, CYCLE_LIMIT, m, kernel, grid, block, 0, options, args);
            LaunchStats f = r.functional();
            totals.add(f);
            totals.add(r.timing());
        }
    }

    /** Device memory holding {@code values}. */
    public long upload(int[] values) {
        ByteBuffer b = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        b.asIntBuffer().put(values);
        return upload(b);
    }

    /** Overwrites device memory at {@code p} with {@code values}. */
    public void upload(long p, int[] values) {
        ByteBuffer b = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        b.asIntBuffer().put(values);
        gpu.copyToDevice(p, b);
    }

    /** Device memory holding {@code values}. */
    public long upload(float[] values) {
        ByteBuffer b = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        b.asFloatBuffer().put(values);
        return upload(b);
    }

    /** Device memory holding {@code values}. */
    public long upload(byte[] values) {
        return upload(ByteBuffer.wrap(values));
    }

    private long upload(ByteBuffer b) {
        long p = gpu.malloc(Math.max(4, b.capacity()));
        b.rewind();
        gpu.copyToDevice(p, b);
        return p;
    }

    /** {@code bytes} of zeroed device memory. */
    public long zeros(long bytes) {
        long p = gpu.malloc(Math.max(4, bytes));
        gpu.memset(p, 0, Math.max(4, bytes));
        return p;
    }

    /** {@code n} ints from device memory. */
    public int[] ints(long p, int n) {
        ByteBuffer b = ByteBuffer.allocate(4 * n).order(ByteOrder.LITTLE_ENDIAN);
        gpu.copyFromDevice(p, b);
        int[] out = new int[n];
        b.rewind();
        b.asIntBuffer().get(out);
        return out;
    }

    /** {@code n} floats from device memory. */
    public float[] floats(long p, int n) {
        ByteBuffer b = ByteBuffer.allocate(4 * n).order(ByteOrder.LITTLE_ENDIAN);
        gpu.copyFromDevice(p, b);
        float[] out = new float[n];
        b.rewind();
        b.asFloatBuffer().get(out);
        return out;
    }

    /** Copies {@code src} over {@code dst} ({@code bytes}), as a host program's device-to-device copy. */
    public void copy(long dst, long src, long bytes) {
        gpu.copyDeviceToDevice(dst, src, bytes);
    }

    @Override
    public void close() {
        gpu.close();
    }
}
