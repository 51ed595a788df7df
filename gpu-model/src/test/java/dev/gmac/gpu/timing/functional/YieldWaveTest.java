package dev.gmac.gpu.timing.functional;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.FaultKind;
import dev.gmac.gpu.GpuConfig;
import dev.gmac.gpu.KernelFaultException;
import dev.gmac.gpu.LaunchOptions;
import dev.gmac.gpu.SoftwareGpu;
import dev.gmac.gpu.exec.KernelLaunch;
import dev.gmac.gpu.ptx.PtxModule;
import dev.gmac.gpu.timing.Agent;
import dev.gmac.gpu.timing.GpuControl;
import dev.gmac.gpu.timing.TimedKernel;
import dev.gmac.gpu.timing.TimingSimulator;
import dev.gmac.gpu.timing.config.TimingPresets;
import dev.gmac.gpu.timing.core.CtaDispatcher;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Wavefront yield (Orr et al., ISCA 2014, §6) end to end: {@code yield.wave} saves a wavefront's registers to
 * memory and frees its hardware context; an agent restarts it later on the same core and the kernel finishes with
 * the values it held only in registers. The kernel yields once with every lane and once from a divergent branch
 * (the PDOM stack stays with the parked CTA).
 */
class YieldWaveTest {
    private static final int CTAS = 24;
    private static final int WIDTH = 64;
    private static final long SAVE_BYTES = 32 * 1024;

    /** Restarts every yielded wavefront {@code delay} cycles after it yielded, and checks it stays on its core. */
    static final class RestartAgent implements Agent {
        private final long delay;
        private final List<long[]> waiting = new ArrayList<>(); // {saveArea, core, due}
        private GpuControl gpu;
        int yields;
        int restarts;

        RestartAgent(long delay) {
            this.delay = delay;
        }

        @Override
        public String name() {
            return "restart";
        }

        @Override
        public void attach(GpuControl gpu) {
            this.gpu = gpu;
        }

        @Override
        public void ctaYielded(int core, TimedKernel kernel, int ctaId, long saveArea, long cycle) {
            yields++;
            assertEquals(core, gpu.yieldedCore(saveArea));
            waiting.add(new long[] {saveArea, core, cycle + delay});
        }

        @Override
        public long nextActive() {
            long next = Long.MAX_VALUE;
            for (long[] w : waiting) {
                next = Math.min(next, w[2]);
            }
            return next;
        }

        @Override
        public long doWork(long cycle) {
            long work = 0;
            for (int i = 0; i < waiting.size(); i++) {
                long[] w = waiting.get(i);
                if (w[2] > cycle) {
                    continue;
                }
                if (!gpu.canResume(w[0])) {
                    w[2] = cycle + 1;
                    continue;
                }
                assertEquals(w[1], gpu.yieldedCore(w[0]));
                gpu.resume(w[0], cycle);
                restarts++;
                waiting.remove(i--);
                work++;
            }
            return work;
        }

        @Override
        public boolean finished() {
            return waiting.isEmpty();
        }
    }

    private static long upload(SoftwareGpu gpu, ByteBuffer b) {
        b.flip();
        long p = gpu.malloc(b.remaining());
        gpu.copyToDevice(p, b);
        return p;
    }

    @Test
    void yieldedWavefrontsResumeWithTheirRegistersAndFinish() {
        TimingSimulator sim = new TimingSimulator(TimingPresets.load("apu8"));
        SoftwareGpu gpu = new SoftwareGpu(
                GpuConfig.builder().maxResidentCtas(sim.ctaSlots()).build());
        PtxModule module = gpu.loadResource("/ptx/yield_wave.ptx");
        int n = CTAS * WIDTH;
        ByteBuffer in = ByteBuffer.allocate(4 * n).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer weights = ByteBuffer.allocate(4 * n).order(ByteOrder.LITTLE_ENDIAN);
        int[] expected = new int[n];
        for (int i = 0; i < n; i++) {
            int a = i * 7 + 3;
            float w = (i % 5) * 0.75f;
            in.putInt(a);
            weights.putFloat(w);
            int b = a * 2;
            if ((a & 1) != 0) {
                b += 7 + (int) (w * 4.0f);
            }
            expected[i] = b + (int) w;
        }
        long pin = upload(gpu, in);
        long pw = upload(gpu, weights);
        long pout = gpu.malloc(4L * n);
        long save = gpu.malloc(SAVE_BYTES * CTAS);
        KernelLaunch launch = gpu.prepare(
                module,
                "yield_wave",
                new Dim3(CTAS, 1, 1),
                new Dim3(WIDTH, 1, 1),
                0,
                LaunchOptions.DEFAULTS.withWarpSize(WIDTH).withDivergence("pdom"),
                pin,
                pw,
                pout,
                save,
                SAVE_BYTES);
        assertTrue(launch.yieldContextBytes() <= SAVE_BYTES, "context of " + launch.yieldContextBytes() + " bytes");
        LaunchExecutor executor = new LaunchExecutor(launch, 0);
        TimedKernel kernel = new TimedKernel(executor.resources(), executor);
        RestartAgent restart = new RestartAgent(500);
        sim.run(List.of(new CtaDispatcher(kernel, 0), restart), List.of(kernel), 10_000_000L);

        ByteBuffer out = ByteBuffer.allocate(4 * n).order(ByteOrder.LITTLE_ENDIAN);
        gpu.copyFromDevice(pout, out);
        int[] got = new int[n];
        for (int i = 0; i < n; i++) {
            got[i] = out.getInt(4 * i);
        }
        assertArrayEquals(expected, got);
        // every wavefront yields twice: once with all lanes, once with the lanes whose value is odd
        assertEquals(2 * CTAS, restart.yields);
        assertEquals(2 * CTAS, restart.restarts);
        assertTrue(launch.finished());
        ByteBuffer header = gpu.deviceView(save, 8);
        assertEquals(KernelLaunch.YIELD_MAGIC, header.getInt(0));
    }

    @Test
    void theFunctionalSchedulerRefusesToYieldWithoutAnAgent() {
        SoftwareGpu gpu = new SoftwareGpu();
        PtxModule module = gpu.loadResource("/ptx/yield_wave.ptx");
        long p = gpu.malloc(4 * 64);
        long save = gpu.malloc(SAVE_BYTES);
        KernelFaultException e = assertThrows(
                KernelFaultException.class,
                () -> gpu.launch(
                        module, "yield_wave", new Dim3(1, 1, 1), new Dim3(32, 1, 1), 0, p, p, p, save, SAVE_BYTES));
        assertEquals(FaultKind.INVALID_INSTRUCTION, e.kind());
        assertTrue(e.getMessage().contains("agent that restarts yielded wavefronts"), e.getMessage());
    }

    @Test
    void aSaveAreaTooSmallIsAFaultNamingTheSizeNeeded() {
        TimingSimulator sim = new TimingSimulator(TimingPresets.load("apu8"));
        SoftwareGpu gpu = new SoftwareGpu(
                GpuConfig.builder().maxResidentCtas(sim.ctaSlots()).build());
        PtxModule module = gpu.loadResource("/ptx/yield_wave.ptx");
        long p = gpu.malloc(4 * 64);
        long save = gpu.malloc(256);
        KernelLaunch launch = gpu.prepare(
                module,
                "yield_wave",
                new Dim3(1, 1, 1),
                new Dim3(WIDTH, 1, 1),
                0,
                LaunchOptions.DEFAULTS.withWarpSize(WIDTH),
                p,
                p,
                p,
                save,
                256L);
        LaunchExecutor executor = new LaunchExecutor(launch, 0);
        TimedKernel kernel = new TimedKernel(executor.resources(), executor);
        KernelFaultException e = assertThrows(
                KernelFaultException.class,
                () -> sim.run(List.of(new CtaDispatcher(kernel, 0), new RestartAgent(1)), List.of(kernel), 1_000_000L));
        assertTrue(e.getMessage().contains("save area has 256 bytes"), e.getMessage());
    }
}
