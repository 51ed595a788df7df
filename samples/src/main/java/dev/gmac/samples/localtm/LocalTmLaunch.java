package dev.gmac.samples.localtm;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.GpuConfig;
import dev.gmac.gpu.LaunchOptions;
import dev.gmac.gpu.SoftwareGpu;
import dev.gmac.gpu.exec.Cta;
import dev.gmac.gpu.exec.KernelLaunch;
import dev.gmac.gpu.ptx.PtxModule;
import dev.gmac.gpu.timing.TimingSimulator;
import dev.gmac.gpu.timing.config.TimingConfig;
import dev.gmac.gpu.timing.functional.TimedLaunch;
import dev.gmac.gpu.tm.SerialReplay;
import dev.gmac.gpu.tm.TxJournal;
import dev.gmac.gpu.tm.local.LocalTm;
import dev.gmac.gpu.tm.local.LocalTmStats;
import dev.gmac.gpu.tm.local.TxPhase;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * Runs one version of a {@link LocalTmWorkload} on a fresh software GPU with 64-lane wavefronts, under a timing
 * preset or on the functional model, and reads its output back.
 */
public final class LocalTmLaunch {
    /** Work-items per work-group, as in the paper (4 wavefronts of 64). */
    public static final int WORK_ITEMS = 256;

    private LocalTmLaunch() {}

    /**
     * What one launch gave.
     *
     * @param out    the output buffer, {@code outWords} ints per work-group
     * @param cycles the timing model's cycles (0 on the functional model)
     * @param stats  GPU-LocalTM's counters (null for the non-transactional versions)
     * @param phases wavefront-cycles per phase (Fig 6; null for the non-transactional versions)
     * @param ownersLeft shadow-memory words of the CTA slots still owned by a work-item after the launch (aborted or
     *     committed work-items must leave none)
     * @param replay     the serial replay of the committed transactions (null for the non-transactional versions)
     */
    public record Outcome(
            int[] out,
            long cycles,
            LocalTmStats stats,
            Map<TxPhase, Long> phases,
            int ownersLeft,
            SerialReplay.Report replay) {}

    /**
     * Runs {@code version} of {@code workload} on {@code groups} work-groups with {@code setup}, timed on {@code
     * timing} (null: functional), under divergence model {@code divergence} (null: the preset's, or the default).
     */
    public static Outcome run(
            LocalTmWorkload workload,
            LocalTmWorkload.Setup setup,
            Version version,
            int groups,
            TimingConfig timing,
            String divergence) {
        try (SoftwareGpu gpu = new SoftwareGpu(GpuConfig.builder()
                .globalMemoryBytes(64L << 20)
                .warpSize(64)
                .watchdogWarpSteps(1L << 31)
                .build())) {
            return run(gpu, workload, setup, version, groups, timing, divergence);
        }
    }

    private static Outcome run(
            SoftwareGpu gpu,
            LocalTmWorkload workload,
            LocalTmWorkload.Setup setup,
            Version version,
            int groups,
            TimingConfig timing,
            String divergence) {
        PtxModule module = gpu.loadResource("/ptx/" + workload.module() + ".ptx");
        long[] args = new long[setup.inputs().size() + 1];
        for (int i = 0; i < setup.inputs().size(); i++) {
            LocalTmWorkload.Arg a = setup.inputs().get(i);
            args[i] = a instanceof LocalTmWorkload.Buffer b
                    ? upload(gpu, b.values())
                    : ((LocalTmWorkload.Scalar) a).value();
        }
        int outInts = groups * setup.outWords();
        long out = gpu.malloc(Math.max(4L, 4L * outInts));
        gpu.copyToDevice(out, ByteBuffer.allocate(Math.max(4, 4 * outInts)));
        args[args.length - 1] = out;
        if (version.transactional() && setup.sharedBytes() != 4 * setup.outWords()) {
            throw new IllegalArgumentException(
                    workload.name() + ": the TM kernel's shared memory (" + setup.sharedBytes() + " bytes) must be the "
                            + setup.outWords() + " output words, which the serial replay compares");
        }
        LaunchOptions options = new LaunchOptions(64, divergence, version.tm());
        TxJournal journal = version.transactional() ? new TxJournal() : null;
        AtomicReference<KernelLaunch> prepared = new AtomicReference<>();
        Consumer<KernelLaunch> prepare = l -> {
            prepared.set(l);
            if (journal != null && l.tm() instanceof LocalTm tm) {
                tm.journal(journal);
            }
        };
        long cycles = 0;
        String kernel = workload.kernel(version);
        int shared = setup.sharedBytes(version);
        if (timing == null) {
            KernelLaunch l = gpu.prepare(module, kernel, Dim3.of(groups), Dim3.of(WORK_ITEMS), shared, options, args);
            prepare.accept(l);
            l.run();
        } else {
            TimedLaunch.Result r = TimedLaunch.run(
                    gpu,
                    new TimingSimulator(timing),
                    0,
                    TimedLaunch.DEFAULT_CYCLE_LIMIT,
                    module,
                    kernel,
                    Dim3.of(groups),
                    Dim3.of(WORK_ITEMS),
                    shared,
                    options,
                    prepare,
                    args);
            cycles = r.timing().cycles();
        }
        ByteBuffer b = ByteBuffer.allocate(4 * outInts).order(ByteOrder.LITTLE_ENDIAN);
        gpu.copyFromDevice(out, b);
        int[] result = new int[outInts];
        b.asIntBuffer().get(result);
        KernelLaunch launch = prepared.get();
        if (launch.tm() instanceof LocalTm tm) {
            int owned = 0;
            for (int slot = 0; launch.cta(slot) != null; slot++) {
                Cta cta = launch.cta(slot);
                for (int k = 0; k < tm.layout(cta).words(); k++) {
                    if (tm.ownerOf(cta, k) >= 0) {
                        owned++;
                    }
                }
            }
            SerialReplay.Report replay =
                    SerialReplay.check(journal, initial(tm), fin(result, setup.outWords()), null, 0);
            return new Outcome(result, cycles, tm.stats(), tm.breakdown().asMap(), owned, replay);
        }
        return new Outcome(result, cycles, null, null, 0, null);
    }

    /** The shared memory the replay starts from: each work-group's at its first TX_Begin. */
    private static SerialReplay.Memory initial(LocalTm tm) {
        return (addr, size) -> {
            byte[] b = tm.sharedAtFirstBegin(LocalTm.journalWorkGroup(addr));
            int off = (int) addr;
            long v = 0;
            for (int i = 0; i < size; i++) {
                v |= (long) (b[off + i] & 0xFF) << (8 * i);
            }
            return v;
        };
    }

    /**
     * The shared memory after the launch, as the workload's kernels copy it out: the TM kernel's shared words of
     * work-group g are out[g * words ...].
     */
    private static SerialReplay.Memory fin(int[] out, int words) {
        return (addr, size) -> {
            if (size != 4 || (addr & 3) != 0) {
                throw new IllegalArgumentException("the replay reads final memory by words");
            }
            return out[(int) (LocalTm.journalWorkGroup(addr) * words + ((int) addr >>> 2))] & 0xFFFFFFFFL;
        };
    }

    private static long upload(SoftwareGpu gpu, int[] values) {
        ByteBuffer b = ByteBuffer.allocate(Math.max(4, 4 * values.length)).order(ByteOrder.LITTLE_ENDIAN);
        b.asIntBuffer().put(values);
        long p = gpu.malloc(b.capacity());
        gpu.copyToDevice(p, b);
        return p;
    }
}
