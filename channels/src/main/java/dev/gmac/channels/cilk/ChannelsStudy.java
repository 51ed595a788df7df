package dev.gmac.channels.cilk;

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
 * The experiments of Orr et al. (ISCA 2014, §8) on the {@code apu8} preset, for the workloads built so far: scaling
 * from 1 to 8 compute units (Figure 15), aggregator sensitivity (Table 5: % of time the GPU is blocked on the
 * aggregator), channel width with yields (Figure 18), the GPU-efficient channel against the baseline (Figure 17:
 * atomics and run time) and SIMD efficiency (Figure 19). Each row checks the workload's result against the known
 * answer before it is reported.
 */
public final class ChannelsStudy {
    /** One measured run. */
    public record Row(
            String experiment,
            String workload,
            int cores,
            String aggregator,
            String reservation,
            int capacity,
            String divergence,
            long cycles,
            long blockedCycles,
            long aggregatorBusyCycles,
            long wavefronts,
            long yields,
            long atomics,
            double simdEfficiency,
            long result) {
        /** The row by column name. */
        public Map<String, Object> toMap() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("experiment", experiment);
            m.put("workload", workload);
            m.put("cores", cores);
            m.put("aggregator", aggregator);
            m.put("reservation", reservation);
            m.put("capacity", capacity);
            m.put("divergence", divergence);
            m.put("cycles", cycles);
            m.put("blockedCycles", blockedCycles);
            m.put("blockedPercent", cycles == 0 ? 0.0 : 100.0 * blockedCycles / cycles);
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
     */
    public record Workload(String name, long expected, int defaultCapacity, Runner runner) {}

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

    /** The small default inputs: fib(16) in both forms, queens 9x9 (a run takes seconds). */
    public static List<Workload> smallWorkloads() {
        return List.of(cilkFibonacci(16, 1024), fibonacci(16, 2048), queens(9, 4, 2048));
    }

    /** The paper's inputs (Table 3): fib(24) in both forms, queens 13x13. */
    public static List<Workload> fullWorkloads() {
        return List.of(cilkFibonacci(24, 16384), fibonacci(24, 32768), queens(13, 4, 16384));
    }

    /** Smallest channel width of the width experiment. */
    public static int smallestWidth(boolean full) {
        return full ? 1024 : 256;
    }

    private final List<Workload> workloads;
    private final Consumer<String> progress;

    public ChannelsStudy(List<Workload> workloads, Consumer<String> progress) {
        this.workloads = List.copyOf(workloads);
        this.progress = progress;
    }

    /** The preset {@code apu8} with {@code cores} compute units. */
    static TimingConfig apu8(int cores) {
        String text = TimingPresets.presetText("apu8")
                .replaceFirst("(?m)^core\\.count\\s*=\\s*\\d+", "core.count = " + cores);
        return TimingPresets.parse("apu8 with " + cores + " CUs", text);
    }

    /** Runs {@code w} once and returns its row (the result checked). */
    public Row measure(
            String experiment,
            Workload w,
            int cores,
            AggregatorCost cost,
            Reservation reservation,
            int capacity,
            String divergence) {
        progress.accept(experiment + ": " + w.name() + ", " + cores + " CUs, " + cost.name() + ", " + reservation
                + ", width " + capacity + (divergence != null ? ", " + divergence : ""));
        TimingConfig config = apu8(cores);
        TimingSimulator sim = new TimingSimulator(config);
        try (SoftwareGpu gpu = new SoftwareGpu(
                GpuConfig.builder().maxResidentCtas(sim.ctaSlots()).build())) {
            GpuGraphExecutor exec = new GpuGraphExecutor(
                    config,
                    cost,
                    reservation,
                    divergence,
                    GpuGraphExecutor.DEFAULT_MAX_WAVEFRONTS,
                    GpuGraphExecutor.DEFAULT_CYCLE_LIMIT);
            long result = w.runner().run(Graph.onDevice(gpu), capacity, exec);
            if (result != w.expected()) {
                throw new IllegalStateException(w.name() + " gave " + result + ", expected " + w.expected());
            }
            GpuRun r = exec.lastRun();
            return new Row(
                    experiment,
                    w.name(),
                    cores,
                    cost.name(),
                    reservation.name(),
                    capacity,
                    divergence == null ? "preset" : divergence,
                    r.timing().cycles(),
                    r.aggregator().blockedCycles(),
                    r.aggregator().busyCycles(),
                    r.aggregator().wavefronts(),
                    r.aggregator().yields(),
                    r.atomics(),
                    r.simdEfficiency(),
                    result);
        }
    }

    /** Figure 15: 1, 2, 4, 8 compute units. */
    public List<Row> scaling() {
        List<Row> rows = new ArrayList<>();
        for (Workload w : workloads) {
            for (int cores : new int[] {1, 2, 4, 8}) {
                rows.add(measure(
                        "scaling", w, cores, AggregatorCost.OOO_2, Reservation.WAVEFRONT, w.defaultCapacity(), null));
            }
        }
        return rows;
    }

    /** Table 5: the four aggregator designs at 8 compute units. */
    public List<Row> aggregators() {
        List<Row> rows = new ArrayList<>();
        for (Workload w : workloads) {
            for (AggregatorCost c : AggregatorCost.TABLE_5) {
                rows.add(measure("aggregator", w, 8, c, Reservation.WAVEFRONT, w.defaultCapacity(), null));
            }
        }
        return rows;
    }

    /** Figure 17: the GPU-efficient channel against the per-work-item baseline. */
    public List<Row> reservations() {
        List<Row> rows = new ArrayList<>();
        for (Workload w : workloads) {
            for (Reservation r : Reservation.values()) {
                rows.add(measure("reservation", w, 8, AggregatorCost.OOO_2, r, w.defaultCapacity(), null));
            }
        }
        return rows;
    }

    /** Figure 18: channel widths from {@code smallest} to the workload's default, by powers of two. */
    public List<Row> widths(int smallest) {
        List<Row> rows = new ArrayList<>();
        for (Workload w : workloads) {
            for (int c = smallest; c <= w.defaultCapacity(); c *= 2) {
                try {
                    rows.add(measure("width", w, 8, AggregatorCost.OOO_2, Reservation.WAVEFRONT, c, null));
                } catch (IllegalStateException e) {
                    progress.accept("  width " + c + " of " + w.name() + " cannot run: " + e.getMessage());
                }
            }
        }
        return rows;
    }

    /** Figure 19: SIMD efficiency under the divergence models named. */
    public List<Row> divergence(List<String> models) {
        List<Row> rows = new ArrayList<>();
        for (Workload w : workloads) {
            for (String m : models) {
                rows.add(measure(
                        "divergence", w, 8, AggregatorCost.OOO_2, Reservation.WAVEFRONT, w.defaultCapacity(), m));
            }
        }
        return rows;
    }

    /** Runs every experiment with small inputs and prints CSV (arguments: none, or {@code --full}). */
    public static void main(String[] args) {
        boolean full = args.length > 0 && args[0].equals("--full");
        List<Workload> ws = full ? fullWorkloads() : smallWorkloads();
        ChannelsStudy s = new ChannelsStudy(ws, m -> System.err.println(m));
        List<Row> rows = new ArrayList<>();
        rows.addAll(s.scaling());
        rows.addAll(s.aggregators());
        rows.addAll(s.reservations());
        rows.addAll(s.widths(smallestWidth(full)));
        rows.addAll(s.divergence(List.of("pdom", "tbc")));
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
