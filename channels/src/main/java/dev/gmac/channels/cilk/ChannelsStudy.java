package dev.gmac.channels.cilk;

import dev.gmac.channels.ChannelLayout;
import dev.gmac.channels.gpu.AggregatorCost;
import dev.gmac.channels.gpu.DeviceRuntime.Reservation;
import dev.gmac.channels.gpu.GpuGraphExecutor;
import dev.gmac.channels.gpu.GpuGraphExecutor.GpuRun;
import dev.gmac.channels.graph.Graph;
import dev.gmac.channels.graph.GraphExecutor;
import dev.gmac.gpu.GpuConfig;
import dev.gmac.gpu.SoftwareGpu;
import dev.gmac.gpu.timing.TimingSimulator;
import dev.gmac.gpu.timing.config.TimingConfig;
import dev.gmac.gpu.timing.config.TimingPresets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The experiments of Orr et al. (ISCA 2014, §8) on the {@code apu8} preset, for the Cilk workloads of §7.1 (and the
 * naive Fibonacci of Figure 6): scaling from 1 to 8 compute units (Figure 15), aggregator sensitivity (Table 5: % of
 * time the GPU is blocked on the aggregator), channel width with yields (Figure 18), the done-count granularity
 * (§8.2.1), the GPU-efficient channel against the baseline (Figure 17: atomics and run time) and SIMD efficiency
 * (Figure 19). Each row checks the workload's result against the known answer before it is reported, and every run
 * is instrumented for the channel invariants.
 */
public final class ChannelsStudy {
    /** One measured run. */
    public record Row(
            String experiment,
            String workload,
            int cores,
            int l2Partitions,
            String aggregator,
            String reservation,
            int capacity,
            int doneCount,
            String divergence,
            long cycles,
            long blockedCycles,
            long cuBlockedCycles,
            long cuCycles,
            long aggregatorBusyCycles,
            long wavefronts,
            long yields,
            long atomics,
            double simdEfficiency,
            long result) {
        /**
         * Compute-unit cycles blocked on the aggregator over all compute-unit cycles, in percent (Table 5 as measured
         * per unit, decision 0214); {@code blockedCycles} is the older whole-GPU figure (decision 0212).
         */
        public double cuBlockedPercent() {
            return cuCycles == 0 ? 0.0 : 100.0 * cuBlockedCycles / cuCycles;
        }

        /** The row by column name. */
        public Map<String, Object> toMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("experiment", experiment);
            m.put("workload", workload);
            m.put("cores", cores);
            m.put("l2Partitions", l2Partitions);
            m.put("aggregator", aggregator);
            m.put("reservation", reservation);
            m.put("capacity", capacity);
            m.put("doneCount", doneCount);
            m.put("divergence", divergence);
            m.put("cycles", cycles);
            m.put("blockedCycles", blockedCycles);
            m.put("blockedPercent", cycles == 0 ? 0.0 : 100.0 * blockedCycles / cycles);
            m.put("cuBlockedCycles", cuBlockedCycles);
            m.put("cuCycles", cuCycles);
            m.put("cuBlockedPercent", cuBlockedPercent());
            m.put("aggregatorBusyCycles", aggregatorBusyCycles);
            m.put("wavefronts", wavefronts);
            m.put("yields", yields);
            m.put("atomics", atomics);
            m.put("simdEfficiency", simdEfficiency);
            m.put("result", result);
            return m;
        }
    }

    /** How a workload runs on a graph: builds it in {@code g} with channels of {@code capacity}, returns its result. */
    @FunctionalInterface
    public interface Runner {
        long run(Graph g, int capacity, GraphExecutor executor);
    }

    /**
     * A workload of the study.
     *
     * @param name            its name with its input
     * @param expected        the known answer its result must equal
     * @param defaultCapacity the channel width it runs with unless an experiment varies it
     * @param runner          how it runs
     * @param maxWavefronts   wavefronts one run may dispatch at most (the size of the aggregator's tables and of the
     *                        yield channel; {@link GpuGraphExecutor#DEFAULT_MAX_WAVEFRONTS} unless the input needs more)
     */
    public record Workload(String name, long expected, int defaultCapacity, Runner runner, int maxWavefronts) {
        public Workload(String name, long expected, int defaultCapacity, Runner runner) {
            this(name, expected, defaultCapacity, runner, GpuGraphExecutor.DEFAULT_MAX_WAVEFRONTS);
        }

        /** The same workload allowed {@code max} wavefronts per run. */
        public Workload withMaxWavefronts(int max) {
            return new Workload(name, expected, defaultCapacity, runner, max);
        }
    }

    /** Naive Fibonacci (Figure 6) of {@code n}. */
    public static Workload fibonacci(int n, int capacity) {
        return new Workload(
                "fibonacci(" + n + ")", Fibonacci.expected(n), capacity, (g, c, e) -> Fibonacci.run(g, n, c, e));
    }

    /** Cilk Fibonacci (continuation stacks) of {@code n}. */
    public static Workload cilkFibonacci(int n, int capacity) {
        return new Workload(
                "cilk-fibonacci(" + n + ")",
                Fibonacci.expected(n),
                capacity,
                (g, c, e) -> CilkFibonacci.run(g, n, c, e));
    }

    /** Queens of {@code n} with base case {@code base}. */
    public static Workload queens(int n, int base, int capacity) {
        return new Workload(
                "queens(" + n + ")", Queens.expected(n), capacity, (g, c, e) -> Queens.run(g, n, base, c, e));
    }

    /**
     * Sort of {@code n} pseudo-random ints (seed 1); the result is {@code n} once the output was checked sorted and a
     * permutation of the input ({@link Sort#check}).
     */
    public static Workload sort(int n, int capacity) {
        int[] input = Sort.input(n, 1);
        return new Workload("sort(" + n + ")", n, capacity, (g, c, e) -> {
            Sort.check(input, Sort.run(g, input, c, e));
            return n;
        });
    }

    /**
     * Strassen on two {@code n x n} pseudo-random int matrices (seeds 1 and 2), base-case blocks {@code base x
     * base}; the result is {@code n} once the
     * product was checked equal to the plain product ({@link Strassen#check}).
     */
    public static Workload strassen(int n, int base, int capacity) {
        int[] a = Strassen.matrix(n, 1);
        int[] b = Strassen.matrix(n, 2);
        return new Workload("strassen(" + n + ", base " + base + ")", n, capacity, (g, c, e) -> {
            Strassen.check(a, b, n, Strassen.run(g, a, b, n, base, c, e));
            return n;
        });
    }

    /**
     * The small default inputs: fib(16) in both forms, queens 9x9, sort of 16,384 ints, Strassen 256x256 with the
     * paper's 16x16 base case (a run takes seconds to half a minute).
     */
    public static List<Workload> smallWorkloads() {
        return List.of(
                cilkFibonacci(16, 1024),
                fibonacci(16, 2048),
                queens(9, 4, 2048),
                sort(16384, 1024),
                strassen(256, Strassen.BASE, 4096));
    }

    /** Wavefronts a run of the paper-sized Queens or Sort may dispatch (2^18; 16 bytes of yield channel each). */
    static final int FULL_MAX_WAVEFRONTS = 1 << 18;

    /**
     * The paper's inputs and channel widths (Table 3): fib(24) in both forms, queens 13x13, sort of 1,000,000 ints,
     * Strassen 512x512.
     */
    public static List<Workload> fullWorkloads() {
        return List.of(
                cilkFibonacci(24, 16384),
                fibonacci(24, 32768),
                // queens(13) dispatches more than the default 32,768 wavefronts (measured: the run stopped there);
                // sort(1,000,000), with 16,384 base cases and merge chunks on every level, gets the same room
                queens(13, 4, 16384).withMaxWavefronts(FULL_MAX_WAVEFRONTS),
                sort(1_000_000, 32768).withMaxWavefronts(FULL_MAX_WAVEFRONTS),
                strassen(512, Strassen.BASE, 8192));
    }

    /** Smallest channel width of the width experiment. */
    public static int smallestWidth(boolean full) {
        return full ? 1024 : 256;
    }

    /** Done-count granularities of the §8.2.1 sweep (the paper's is 64). */
    public static final List<Integer> DONE_COUNTS = List.of(4, 16, 64, 256);

    /** The experiments, by the names {@code gmac channels-study --experiments} takes. */
    public static final List<String> EXPERIMENTS =
            List.of("scaling", "scaling-l2x8", "aggregator", "reservation", "width", "donecount", "divergence");

    /** L2 partitions (each with its own atomic unit) of the {@code scaling-l2x8} experiment; the preset has one. */
    public static final int WIDE_L2_PARTITIONS = 8;

    /**
     * One run of the plan.
     *
     * @param mayFail whether a run that cannot complete (a deadlock on narrow channels) is skipped instead of
     *                failing the study (the width experiment)
     */
    public record Run(
            String experiment,
            Workload workload,
            int cores,
            int l2Partitions,
            AggregatorCost cost,
            Reservation reservation,
            int capacity,
            int doneCount,
            String divergence,
            boolean mayFail) {
        /** A short label for progress lines. */
        public String label() {
            return experiment + ": " + workload.name() + ", " + cores + " CUs"
                    + (l2Partitions > 1 ? ", " + l2Partitions + " L2 partitions" : "") + ", " + cost.name() + ", "
                    + reservation
                    + ", width " + capacity + ", done count " + doneCount
                    + (divergence != null ? ", " + divergence : "");
        }
    }

    private final List<Workload> workloads;
    private final Consumer<String> progress;

    /** A study of {@code workloads}; {@code progress} gets a line as each {@link #measure} starts. */
    public ChannelsStudy(List<Workload> workloads, Consumer<String> progress) {
        this.workloads = List.copyOf(workloads);
        this.progress = progress;
    }

    /** The preset {@code apu8} with {@code cores} compute units and {@code l2Partitions} memory partitions. */
    static TimingConfig apu8(int cores, int l2Partitions) {
        String text = TimingPresets.presetText("apu8")
                .replaceFirst("(?m)^core\\.count\\s*=\\s*\\d+", "core.count = " + cores)
                .replaceFirst("(?m)^mem\\.partitions\\s*=\\s*\\d+", "mem.partitions = " + l2Partitions);
        return TimingPresets.parse("apu8 with " + cores + " CUs, " + l2Partitions + " L2 partitions", text);
    }

    /** Runs {@code w} once and returns its row (the result checked; the channels audited, {@code ChannelAudit}). */
    public Row measure(
            String experiment,
            Workload w,
            int cores,
            AggregatorCost cost,
            Reservation reservation,
            int capacity,
            String divergence) {
        return measure(new Run(
                experiment,
                w,
                cores,
                1,
                cost,
                reservation,
                capacity,
                ChannelLayout.DEFAULT_ELEMENTS_PER_DONE_COUNT,
                divergence,
                false));
    }

    /**
     * Runs {@code run} once and returns its row. The result is checked against the known answer and the run is
     * instrumented ({@code dev.gmac.channels.gpu.ChannelAudit}: every dispatch and deallocation checked against the
     * channel invariants).
     *
     * @throws IllegalStateException when the result is wrong, an invariant is violated or the run cannot complete
     */
    public Row measure(Run run) {
        progress.accept(run.label());
        Workload w = run.workload();
        TimingConfig config = apu8(run.cores(), run.l2Partitions());
        TimingSimulator sim = new TimingSimulator(config);
        try (SoftwareGpu gpu = new SoftwareGpu(
                GpuConfig.builder().maxResidentCtas(sim.ctaSlots()).build())) {
            GpuGraphExecutor exec = new GpuGraphExecutor(
                    config,
                    run.cost(),
                    run.reservation(),
                    run.divergence(),
                    w.maxWavefronts(),
                    GpuGraphExecutor.DEFAULT_CYCLE_LIMIT,
                    true);
            Graph g = Graph.onDevice(gpu).elementsPerDoneCount(run.doneCount());
            long result = w.runner().run(g, run.capacity(), exec);
            if (result != w.expected()) {
                throw new IllegalStateException(w.name() + " gave " + result + ", expected " + w.expected());
            }
            GpuRun r = exec.lastRun();
            return new Row(
                    run.experiment(),
                    w.name(),
                    run.cores(),
                    run.l2Partitions(),
                    run.cost().name(),
                    run.reservation().name(),
                    run.capacity(),
                    run.doneCount(),
                    run.divergence() == null ? "preset" : run.divergence(),
                    r.timing().cycles(),
                    r.aggregator().blockedCycles(),
                    r.aggregator().cuBlockedCycles(),
                    r.aggregator().cuCycles(),
                    r.aggregator().busyCycles(),
                    r.aggregator().wavefronts(),
                    r.aggregator().yields(),
                    r.atomics(),
                    r.simdEfficiency(),
                    result);
        }
    }

    /**
     * The runs of {@code experiments} (names from {@link #EXPERIMENTS}), in order: scaling over 1, 2, 4, 8 compute
     * units (Figure 15), on the preset and (beyond the paper) with {@link #WIDE_L2_PARTITIONS} L2 partitions, whose
     * atomic units work in parallel as the paper's L1 atomics under its coherence protocol do; the four aggregator designs at 8 (Table 5); the two reservation forms (Figure 17); channel
     * widths from {@code smallestWidth} to each workload's default by powers of two (Figure 18); done counts of
     * {@link #DONE_COUNTS} (§8.2.1); SIMD efficiency under {@code pdom} and {@code tbc} (Figure 19). Everything
     * but the scaling experiment runs on 8 compute units with the 2-way OoO aggregator, the GPU-efficient channel,
     * each workload's default width and done counts of 64, unless the experiment varies it.
     */
    public List<Run> plan(List<String> experiments, int smallestWidth) {
        int g = ChannelLayout.DEFAULT_ELEMENTS_PER_DONE_COUNT;
        AggregatorCost ooo2 = AggregatorCost.OOO_2;
        Reservation wave = Reservation.WAVEFRONT;
        List<Run> runs = new ArrayList<>();
        for (String e : experiments) {
            if (!EXPERIMENTS.contains(e)) {
                throw new IllegalArgumentException(
                        "unknown experiment '" + e + "'; choose from " + String.join(", ", EXPERIMENTS));
            }
            for (Workload w : workloads) {
                int c = w.defaultCapacity();
                switch (e) {
                    case "scaling", "scaling-l2x8" -> {
                        int parts = e.equals("scaling") ? 1 : WIDE_L2_PARTITIONS;
                        for (int cores : new int[] {1, 2, 4, 8}) {
                            runs.add(new Run(e, w, cores, parts, ooo2, wave, c, g, null, false));
                        }
                    }
                    case "aggregator" -> {
                        for (AggregatorCost cost : AggregatorCost.TABLE_5) {
                            runs.add(new Run(e, w, 8, 1, cost, wave, c, g, null, false));
                        }
                    }
                    case "reservation" -> {
                        for (Reservation r : Reservation.values()) {
                            runs.add(new Run(e, w, 8, 1, ooo2, r, c, g, null, false));
                        }
                    }
                    case "width" -> {
                        for (int width = smallestWidth; width <= c; width *= 2) {
                            runs.add(new Run(e, w, 8, 1, ooo2, wave, width, g, null, true));
                        }
                    }
                    case "donecount" -> {
                        for (int d : DONE_COUNTS) {
                            runs.add(new Run(e, w, 8, 1, ooo2, wave, c, d, null, false));
                        }
                    }
                    default -> {
                        for (String m : List.of("pdom", "tbc")) {
                            runs.add(new Run(e, w, 8, 1, ooo2, wave, c, g, m, false));
                        }
                    }
                }
            }
        }
        return runs;
    }

    /** Runs every experiment and prints CSV (arguments: none, or {@code --full}); see {@code gmac channels-study}. */
    public static void main(String[] args) {
        boolean full = args.length > 0 && args[0].equals("--full");
        List<Workload> ws = full ? fullWorkloads() : smallWorkloads();
        ChannelsStudy s = new ChannelsStudy(ws, m -> System.err.println(m));
        List<Row> rows = new ArrayList<>();
        for (Run r : s.plan(EXPERIMENTS, smallestWidth(full))) {
            try {
                rows.add(s.measure(r));
            } catch (IllegalStateException e) {
                if (!r.mayFail()) {
                    throw e;
                }
                System.err.println("  cannot run: " + e.getMessage());
            }
        }
        boolean header = true;
        for (Row r : rows) {
            Map<String, Object> m = r.toMap();
            if (header) {
                System.out.println(String.join(",", m.keySet()));
                header = false;
            }
            List<String> cells = new ArrayList<>();
            for (Object v : m.values()) {
                cells.add(v instanceof Double d ? String.format(java.util.Locale.ROOT, "%.4f", d) : String.valueOf(v));
            }
            System.out.println(String.join(",", cells));
        }
    }
}
