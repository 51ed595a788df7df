package dev.gmac.samples.bench.gpu;

import dev.gmac.gpu.timing.config.TimingConfig;
import dev.gmac.gpu.timing.config.TimingPresets;
import dev.gmac.samples.tmstudy.Measurement;
import dev.gmac.samples.tmstudy.TmMachine;
import dev.gmac.samples.tmstudy.TmScale;
import dev.gmac.samples.tmstudy.TmWorkload;
import dev.gmac.samples.tmstudy.TmWorkloads;
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

/**
 * Timing simulation speed with the Kilo TM hardware modelled (issue 18; Fung thesis §4.2 on the timing model of
 * §2.3.3): the TM study's HT-L workload (chained hash inserts into the largest table, Table 6.2) at the study's
 * default scale on the {@code gtx480} preset, once as its transactional kernel under {@code kilotm} (no concurrency
 * limit) and once as the same insert in its fine-grained-lock version ({@code fgl}). One operation is one whole run
 * on a fresh machine (upload, launch, check), as the study does it. Target: the Kilo TM run at least 0.3x the
 * speed of the FGL run (operations per second).
 *
 * <p>Secondary results ({@link AuxCounters}, per second of host time): thread instructions and simulated core
 * cycles.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Benchmark)
public class TmSimBench {
    /** The mode: a TM model or the fine-grained-lock version. */
    @Param({"fgl", "kilotm"})
    public String mode;

    TimingConfig config;
    TmWorkload.Instance input;

    /** Per-thread counters reported as rates (per second of host time). */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Simulated {
        /** Thread instructions simulated (reported per second). */
        public long threadInstructions;
        /** GPU core cycles simulated (reported per second). */
        public long simulatedCycles;

        @Setup(Level.Iteration)
        public void reset() {
            threadInstructions = 0;
            simulatedCycles = 0;
        }
    }

    @Setup(Level.Trial)
    public void setUp() {
        TimingConfig c = TimingPresets.load("gtx480");
        config = c.withTm(c.tm().withConcurrency(0));
        input = TmWorkloads.byName("HT-L").instance(TmScale.SMALL, 1);
    }

    /** One HT-L run in {@link #mode} under the timing model. */
    @Benchmark
    public Measurement htL(Simulated counters) {
        try (TmMachine m = new TmMachine(config, null)) {
            input.run(m, mode);
            Measurement r = m.measurement();
            counters.threadInstructions += r.threadInstructions();
            counters.simulatedCycles += r.cycles();
            return r;
        }
    }
}
