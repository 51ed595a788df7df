package dev.gmac.samples.study;

import dev.gmac.coherence.transfer.HostWorkBaseline;
import dev.gmac.coherence.transfer.TimelineTrace;
import dev.gmac.samples.study.workload.Stencil3d;
import dev.gmac.samples.study.workload.Tpacf;
import dev.gmac.samples.study.workload.VectorAdd;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The transfer study (ADSM paper §5): every selected workload under every {@link Variant#STUDY} variant (Figure 8
 * and the comparison with explicit copies), then the sweeps of Figures 9, 11 and 12. Runs are independent (each
 * opens its own runtime), so they may execute in parallel; results come back in plan order either way, and the
 * same options always give the same numbers.
 */
public final class Study {
    private final StudyOptions options;
    private final List<PlannedRun> plan;

    /** One run of the plan; {@code figure} is null for the table's runs. */
    private record PlannedRun(
            String label, PreparedProblem problem, RunSettings settings, Figure figure, String series, long x) {}

    public Study(StudyOptions options) {
        this.options = options;
        this.plan = plan(options);
    }

    /** How many runs the study makes. */
    public int size() {
        return plan.size();
    }

    private static List<PlannedRun> plan(StudyOptions o) {
        List<PlannedRun> runs = new ArrayList<>();
        for (Workload w : o.workloads()) {
            PreparedProblem problem = new PreparedProblem(w.problem(o.scale(), o.seed()));
            for (Variant v : Variant.STUDY) {
                runs.add(new PlannedRun(
                        w.name() + " " + v.label(),
                        problem,
                        new RunSettings(v, o.blockSize(), o.rollingSize(), o.base()),
                        null,
                        null,
                        0));
            }
        }
        if (o.runs(Figure.FIGURE_9)) {
            Stencil3d stencil = new Stencil3d();
            for (int side : Stencil3d.sweepSides(o.scale())) {
                PreparedProblem problem =
                        new PreparedProblem(stencil.problem(Stencil3d.sweepParams(o.scale(), side), o.seed()));
                String volume = side + "^3";
                runs.add(new PlannedRun(
                        "figure 9 " + volume + " lazy",
                        problem,
                        new RunSettings(Variant.LAZY, o.blockSize(), o.rollingSize(), o.base()),
                        Figure.FIGURE_9,
                        "lazy",
                        side));
                for (long block : Figure.STENCIL_BLOCK_SIZES) {
                    String series = "rolling " + Units.bytes(block);
                    runs.add(new PlannedRun(
                            "figure 9 " + volume + " " + series,
                            problem,
                            new RunSettings(Variant.ROLLING, block, o.rollingSize(), o.base()),
                            Figure.FIGURE_9,
                            series,
                            side));
                }
            }
        }
        if (o.runs(Figure.FIGURE_11)) {
            PreparedProblem problem =
                    new PreparedProblem(new VectorAdd().problem(VectorAdd.sweepParams(o.scale()), o.seed()));
            for (long block : Figure.vectorBlockSizes()) {
                runs.add(new PlannedRun(
                        "figure 11 block " + Units.bytes(block),
                        problem,
                        new RunSettings(Variant.ROLLING, block, o.rollingSize(), o.base()),
                        Figure.FIGURE_11,
                        "rolling",
                        block));
            }
        }
        if (o.runs(Figure.FIGURE_12)) {
            PreparedProblem problem = new PreparedProblem(new Tpacf().problem(Tpacf.sweepParams(o.scale()), o.seed()));
            for (int rolling : Figure.TPACF_ROLLING_SIZES) {
                for (long block : Figure.tpacfBlockSizes()) {
                    runs.add(new PlannedRun(
                            "figure 12 rolling size " + rolling + " block " + Units.bytes(block),
                            problem,
                            new RunSettings(Variant.ROLLING, block, rolling, o.base()),
                            Figure.FIGURE_12,
                            "rolling size " + rolling,
                            block));
                }
            }
        }
        return List.copyOf(runs);
    }

    /** Runs the plan and returns every row; the first failed run stops the study with its exception. */
    public StudyResults run(StudyProgress progress) {
        warmUp();
        progress.started(plan.size());
        AtomicInteger done = new AtomicInteger();
        List<List<RunRow>> repeats = new ArrayList<>(plan.size());
        try {
            if (options.jobs() == 1) {
                for (PlannedRun p : plan) {
                    repeats.add(StudyRunner.runAll(p.problem(), p.settings(), options.repeats()));
                    progress.finished(done.incrementAndGet(), plan.size(), p.label());
                }
            } else {
                repeats.addAll(runParallel(progress, done));
            }
        } finally {
            progress.stopped();
        }
        List<RunRow> rows = withProgramHostWork(repeats);
        List<RunRow> table = new ArrayList<>();
        Map<Figure, List<SweepPoint>> sweeps = new EnumMap<>(Figure.class);
        for (int i = 0; i < plan.size(); i++) {
            PlannedRun p = plan.get(i);
            if (p.figure() == null) {
                table.add(rows.get(i));
            } else {
                sweeps.computeIfAbsent(p.figure(), f -> new ArrayList<>())
                        .add(new SweepPoint(p.figure(), p.series(), p.x(), rows.get(i)));
            }
        }
        return new StudyResults(options, table, sweeps);
    }

    /**
     * One row per planned run, charged the host work of its program (decision 0122): the runs of one prepared
     * problem (a table workload under every version, a sweep's points) execute the same host code, so each phase
     * of host work costs the fastest figure measured for it over all their repeats, and each planned run reports
     * its repeat with the shortest end-to-end time so replayed. Where the runs of a problem do not have the same
     * shape (or a run was too long to record), they keep their measured host compute.
     */
    private List<RunRow> withProgramHostWork(List<List<RunRow>> repeats) {
        Map<PreparedProblem, List<Integer>> byProblem = new IdentityHashMap<>();
        for (int i = 0; i < plan.size(); i++) {
            byProblem
                    .computeIfAbsent(plan.get(i).problem(), k -> new ArrayList<>())
                    .add(i);
        }
        RunRow[] rows = new RunRow[plan.size()];
        for (List<Integer> runs : byProblem.values()) {
            List<List<TimelineTrace>> traces = new ArrayList<>();
            for (int i : runs) {
                for (RunRow r : repeats.get(i)) {
                    traces.add(r.traces());
                }
            }
            Optional<HostWorkBaseline> baseline = HostWorkBaseline.fastest(traces);
            for (int i : runs) {
                List<RunRow> candidates = repeats.get(i);
                if (baseline.isPresent()) {
                    HostWorkBaseline b = baseline.get();
                    candidates = candidates.stream()
                            .map(r -> r.withProgramHostWork(b))
                            .toList();
                }
                rows[i] = StudyRunner.fastest(candidates);
            }
        }
        return List.of(rows);
    }

    /**
     * With repeated runs, each table workload runs once unmeasured under explicit copies and under rolling-update
     * first, so the measured runs find its host code and the runtime's accessors compiled.
     */
    private void warmUp() {
        if (options.repeats() <= 1) {
            return;
        }
        for (PlannedRun p : plan) {
            if (p.figure() == null
                    && (p.settings().variant().equals(Variant.EXPLICIT)
                            || p.settings().variant().equals(Variant.ROLLING))) {
                StudyRunner.run(p.problem(), p.settings());
            }
        }
    }

    private List<List<RunRow>> runParallel(StudyProgress progress, AtomicInteger done) {
        ExecutorService pool = Executors.newFixedThreadPool(options.jobs(), r -> {
            Thread t = new Thread(r, "gmac-study");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<List<RunRow>>> futures = new ArrayList<>();
            for (PlannedRun p : plan) {
                futures.add(pool.submit(() -> {
                    List<RunRow> runs = StudyRunner.runAll(p.problem(), p.settings(), options.repeats());
                    progress.finished(done.incrementAndGet(), plan.size(), p.label());
                    return runs;
                }));
            }
            List<List<RunRow>> rows = new ArrayList<>();
            for (Future<List<RunRow>> f : futures) {
                rows.add(f.get());
            }
            return rows;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new StudyException(e.getCause().toString(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StudyException("the study was interrupted", e);
        } finally {
            pool.shutdownNow();
        }
    }
}
