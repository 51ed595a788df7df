package dev.gmac.samples.tmstudy;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.GpuConfig;
import dev.gmac.gpu.LaunchOptions;
import dev.gmac.gpu.LaunchStats;
import dev.gmac.gpu.SoftwareGpu;
import dev.gmac.gpu.exec.KernelLaunch;
import dev.gmac.gpu.ptx.PtxModule;
import dev.gmac.gpu.timing.TimingSimulator;
import dev.gmac.gpu.timing.config.TimingConfig;
import dev.gmac.gpu.timing.functional.TimedLaunch;
import dev.gmac.gpu.timing.stats.CoreTimingStats;
import dev.gmac.gpu.timing.stats.FlitClass;
import dev.gmac.gpu.timing.stats.IssueSlot;
import dev.gmac.gpu.timing.stats.KernelTimingStats;
import dev.gmac.gpu.timing.stats.PartitionTimingStats;
import dev.gmac.gpu.timing.stats.ThreadState;
import dev.gmac.gpu.timing.tm.TmTimingStats;
import dev.gmac.gpu.tm.LazyTm;
import dev.gmac.gpu.tm.SerialReplay;
import dev.gmac.gpu.tm.TmCounters;
import dev.gmac.gpu.tm.TxJournal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The simulated GPU one run of the TM study uses: a fresh software GPU and, unless functional, a timing simulator
 * of a preset (which keeps its caches and clock across the run's launches). Workloads upload inputs, launch their
 * kernels under a TM model, a lock-based version or none, and read results back; the machine sums what every launch
 * measured ({@link #measurement()}). With a {@link TxJournal} every transactional launch is checked by the serial
 * replay of the correctness harness ({@link #replayErrors()}).
 */
public final class TmMachine implements AutoCloseable {
    private final SoftwareGpu gpu;
    private final TimingSimulator sim;
    private final TxJournal journal;
    private final String divergence;
    private final Map<String, PtxModule> modules = new HashMap<>();
    private final List<Long> allocations = new ArrayList<>();
    private final List<String> replayErrors = new ArrayList<>();
    private long replayedCommits;

    private long cycles;
    private long warpInstructions;
    private long threadInstructions;
    private final TmCounters counts = new TmCounters();
    private long maxConcurrent;
    private final long[] threadCycles = new long[ThreadState.values().length];
    private final long[] flits = new long[FlitClass.values().length];
    private final long[] coreCycles = new long[Measurement.CoreCycle.values().length];
    private long validationReads;
    private long commitWrites;
    private long validationHits;
    private long maxRing;
    private double ringCycles;
    private long hazards;
    private long cids;
    private int launches;

    /**
     * A machine of timing preset {@code config} (null: the functional model only), recording every commit in
     * {@code journal} when one is given.
     */
    public TmMachine(TimingConfig config, TxJournal journal) {
        this(config, journal, null);
    }

    /**
     * As {@link #TmMachine(TimingConfig, TxJournal)}, every launch under divergence model {@code divergence} (null:
     * the default, or the preset's {@code simt.divergence} under timing).
     */
    public TmMachine(TimingConfig config, TxJournal journal, String divergence) {
        int width = config == null ? 32 : config.core().warpSize();
        this.gpu = new SoftwareGpu(GpuConfig.builder()
                .globalMemoryBytes(4L << 30)
                .warpSize(width)
                .watchdogWarpSteps(1L << 31)
                .build());
        this.sim = config == null ? null : new TimingSimulator(config);
        this.journal = journal;
        this.divergence = divergence;
    }

    /** True when the machine models time. */
    public boolean timed() {
        return sim != null;
    }

    // ------------------------------------------------------------------ memory

    private long upload(ByteBuffer b) {
        long p = gpu.malloc(Math.max(4, b.capacity()));
        b.rewind();
        gpu.copyToDevice(p, b);
        allocations.add(p);
        return p;
    }

    /** Device copy of {@code v}. */
    public long ints(int[] v) {
        ByteBuffer b = ByteBuffer.allocateDirect(4 * v.length).order(ByteOrder.LITTLE_ENDIAN);
        b.asIntBuffer().put(v);
        return upload(b);
    }

    /** Device copy of {@code v}. */
    public long floats(float[] v) {
        ByteBuffer b = ByteBuffer.allocateDirect(4 * v.length).order(ByteOrder.LITTLE_ENDIAN);
        b.asFloatBuffer().put(v);
        return upload(b);
    }

    /** {@code n} ints of device memory, all {@code value}. */
    public long fill(int n, int value) {
        int[] v = new int[n];
        java.util.Arrays.fill(v, value);
        return ints(v);
    }

    /** Writes {@code values} to device memory at {@code p}. */
    public void set(long p, int... values) {
        ByteBuffer b = ByteBuffer.allocateDirect(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        b.asIntBuffer().put(values);
        gpu.copyToDevice(p, b);
    }

    /** {@code n} ints read back. */
    public int[] readInts(long p, int n) {
        ByteBuffer b = ByteBuffer.allocate(4 * n).order(ByteOrder.LITTLE_ENDIAN);
        gpu.copyFromDevice(p, b);
        int[] v = new int[n];
        b.asIntBuffer().get(v);
        return v;
    }

    /** {@code n} floats read back. */
    public float[] readFloats(long p, int n) {
        ByteBuffer b = ByteBuffer.allocate(4 * n).order(ByteOrder.LITTLE_ENDIAN);
        gpu.copyFromDevice(p, b);
        float[] v = new float[n];
        b.asFloatBuffer().get(v);
        return v;
    }

    // ------------------------------------------------------------------ launches

    private PtxModule module(String name) {
        return modules.computeIfAbsent(name, n -> gpu.loadResource("/ptx/" + n + ".ptx"));
    }

    /**
     * Launches {@code kernel} of {@code /ptx/<module>.ptx} with {@code grid} x {@code block} threads under TM model
     * {@code tm} (null: no transactions), timed when the machine is; adds what it measured.
     */
    public void launch(String module, String kernel, int grid, int block, String tm, long... args) {
        PtxModule m = module(module);
        LaunchOptions options = new LaunchOptions(0, divergence, tm);
        SerialReplay.Memory before =
                journal != null && tm != null ? SerialReplay.snapshot(gpu.memory(), toArray(allocations)) : null;
        TxJournal launchJournal = before != null ? new TxJournal() : null;
        LaunchStats functional;
        LazyTm lazy;
        if (sim == null) {
            KernelLaunch l = gpu.prepare(m, kernel, Dim3.of(grid), Dim3.of(block), 0, options, args);
            lazy = l.tm() instanceof LazyTm ? (LazyTm) l.tm() : null;
            if (lazy != null && launchJournal != null) {
                lazy.journal(launchJournal);
            }
            functional = l.run();
        } else {
            LazyTm[] seen = new LazyTm[1];
            TimedLaunch.Result r = TimedLaunch.run(
                    gpu,
                    sim,
                    0,
                    TimedLaunch.DEFAULT_CYCLE_LIMIT,
                    m,
                    kernel,
                    Dim3.of(grid),
                    Dim3.of(block),
                    0,
                    options,
                    launch -> {
                        if (launch.tm() instanceof LazyTm) {
                            seen[0] = (LazyTm) launch.tm();
                            if (launchJournal != null) {
                                seen[0].journal(launchJournal);
                            }
                        }
                    },
                    args);
            lazy = seen[0];
            functional = r.functional();
            addTiming(r.timing(), r.tm());
        }
        launches++;
        if (sim == null) {
            warpInstructions += functional.warpInstructions();
            threadInstructions += functional.threadInstructions();
        }
        if (lazy != null) {
            add(lazy.counters());
        } else if (tm != null) {
            counts.commits += functional.txCommitted(); // cgl: every lane commits once, never aborts
        }
        if (launchJournal != null && lazy != null) {
            SerialReplay.Report report = SerialReplay.check(
                    launchJournal, before, SerialReplay.live(gpu.memory()), null, (long) grid * block);
            replayErrors.addAll(report.errors());
            replayedCommits += report.commits();
        }
    }

    private static long[] toArray(List<Long> l) {
        long[] a = new long[l.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = l.get(i);
        }
        return a;
    }

    private void add(TmCounters c) {
        counts.commits += c.commits;
        counts.silentCommits += c.silentCommits;
        counts.validationAborts += c.validationAborts;
        counts.watchdogAborts += c.watchdogAborts;
        counts.sandboxAborts += c.sandboxAborts;
        counts.intraWarpAborts += c.intraWarpAborts;
        counts.conflictAborts += c.conflictAborts;
        counts.readWords += c.readWords;
        counts.writeWords += c.writeWords;
        counts.maxReadWords = Math.max(counts.maxReadWords, c.maxReadWords);
        counts.maxAbortsPerTx = Math.max(counts.maxAbortsPerTx, c.maxAbortsPerTx);
        counts.maxWriteWords = Math.max(counts.maxWriteWords, c.maxWriteWords);
        maxConcurrent = Math.max(maxConcurrent, c.maxRunning);
    }

    private void addTiming(KernelTimingStats t, TmTimingStats hw) {
        cycles += t.cycles();
        warpInstructions += t.warpInstructions();
        threadInstructions += t.threadInstructions();
        long tmStates = 0;
        if (hw != null) {
            for (ThreadState s : ThreadState.values()) {
                threadCycles[s.ordinal()] += hw.cycles(s);
                tmStates += hw.cycles(s);
            }
            maxRing = Math.max(maxRing, hw.maxRingEntries());
            ringCycles += hw.avgRingEntries() * t.cycles();
            hazards += hw.hazards();
            cids += hw.cids();
        }
        long total = 0;
        long at = 0;
        long ba = 0;
        for (CoreTimingStats c : t.cores()) {
            total += c.threadCycles();
            at += c.atomicThreadCycles();
            ba += c.barrierThreadCycles();
        }
        threadCycles[ThreadState.AT.ordinal()] += at;
        threadCycles[ThreadState.BA.ordinal()] += ba;
        threadCycles[ThreadState.NL.ordinal()] += Math.max(0, total - at - ba - tmStates);
        for (PartitionTimingStats p : t.partitions()) {
            for (FlitClass fc : FlitClass.values()) {
                flits[fc.ordinal()] += p.flits(fc);
            }
            validationReads += p.validationReads();
            validationHits += p.validationHits();
            commitWrites += p.commitWrites();
        }
        long exec = 0;
        for (int i = 0; i < IssueSlot.LANE_BUCKETS; i++) {
            exec += t.slots(i);
        }
        coreCycles[Measurement.CoreCycle.EXEC.ordinal()] += exec;
        coreCycles[Measurement.CoreCycle.STALL.ordinal()] += t.slots(IssueSlot.STALL);
        coreCycles[Measurement.CoreCycle.SCRB.ordinal()] += t.slots(IssueSlot.W0_MEM);
        coreCycles[Measurement.CoreCycle.IDLE.ordinal()] += t.slots(IssueSlot.W0_IDLE);
    }

    /** What every launch so far measured, summed. */
    public Measurement measurement() {
        return new Measurement(
                cycles,
                warpInstructions,
                threadInstructions,
                counts.commits,
                counts.aborts(),
                counts.maxAbortsPerTx,
                counts.silentCommits,
                counts.validationAborts,
                counts.watchdogAborts,
                counts.intraWarpAborts,
                counts.conflictAborts,
                counts.readWords,
                counts.maxReadWords,
                counts.writeWords,
                counts.maxWriteWords,
                maxConcurrent,
                threadCycles.clone(),
                flits.clone(),
                coreCycles.clone(),
                validationReads,
                validationHits,
                commitWrites,
                maxRing,
                cycles == 0 ? 0 : ringCycles / cycles,
                hazards,
                cids,
                launches);
    }

    /** What the serial replay found wrong in the journaled launches (empty when all were correct). */
    public List<String> replayErrors() {
        return List.copyOf(replayErrors);
    }

    /** Commits the serial replay checked. */
    public long replayedCommits() {
        return replayedCommits;
    }

    @Override
    public void close() {
        gpu.close();
    }
}
