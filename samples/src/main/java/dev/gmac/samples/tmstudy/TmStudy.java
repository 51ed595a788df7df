package dev.gmac.samples.tmstudy;

import dev.gmac.gpu.timing.config.TimingConfig;
import dev.gmac.gpu.timing.config.TimingPresets;
import dev.gmac.samples.study.StudyProgress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The TM study (Fung thesis §4.4 and §6.7): every workload on every preset in every mode, the Kilo TM models at
 * every concurrency limit, each run under the timing model on a fresh machine and checked by its workload. Runs are
 * independent and deterministic, so {@code jobs} of them go at once and the results do not depend on how many.
 */
public final class TmStudy {
    private final TmStudyOptions options;

    /** A study of {@code options}. */
    public TmStudy(TmStudyOptions options) {
        this.options = options;
    }

    /** True for the modes swept over concurrency limits (Kilo TM and its refinements). */
    public static boolean limited(String mode) {
        return mode.startsWith("kilotm") || mode.startsWith("warptm");
    }

    /** Every run, in report order. */
    public List<TmRun> plan() {
        List<TmRun> runs = new ArrayList<>();
        for (String preset : options.presets()) {
            for (TmWorkload w : options.workloads()) {
                for (String mode : options.modes()) {
                    if (limited(mode)) {
                        for (int limit : options.limits()) {
                            runs.add(new TmRun(preset, w.name(), mode, limit));
                        }
                    } else {
                        runs.add(new TmRun(preset, w.name(), mode, 0));
                    }
                }
            }
        }
        return runs;
    }

    /** Runs the plan, reporting progress; throws {@link TmStudyException} naming the first run that failed. */
    public TmStudyResults run(StudyProgress progress) {
        List<TmRun> plan = plan();
        Map<String, TmWorkload.Instance> inputs = new LinkedHashMap<>();
        for (TmWorkload w : options.workloads()) {
            inputs.put(w.name(), w.instance(options.scale(), options.seed()));
        }
        progress.started(plan.size());
        ExecutorService pool = Executors.newFixedThreadPool(options.jobs(), r -> {
            Thread t = new Thread(r, "tm-study");
            t.setDaemon(true);
            return t;
        });
        AtomicInteger done = new AtomicInteger();
        try {
            List<Future<TmRow>> futures = new ArrayList<>();
            for (TmRun run : plan) {
                TmWorkload.Instance input = inputs.get(run.workload());
                futures.add(pool.submit(() -> {
                    TmRow row = runOne(run, input, options.divergence());
                    progress.finished(done.incrementAndGet(), plan.size(), run.label());
                    return row;
                }));
            }
            List<TmRow> rows = new ArrayList<>();
            for (int i = 0; i < futures.size(); i++) {
                try {
                    rows.add(futures.get(i).get());
                } catch (ExecutionException e) {
                    Throwable c = e.getCause();
                    throw new TmStudyException(plan.get(i).label() + ": " + c.getMessage(), c);
                }
            }
            return new TmStudyResults(options, rows);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TmStudyException("the study was interrupted", e);
        } finally {
            pool.shutdownNow();
            progress.stopped();
        }
    }

    /** One run on a fresh machine of its preset. */
    public static TmRow runOne(TmRun run, TmWorkload.Instance input) {
        return runOne(run, input, null);
    }

    /** One run on a fresh machine of its preset, every launch under {@code divergence} (null: the preset's). */
    public static TmRow runOne(TmRun run, TmWorkload.Instance input, String divergence) {
        TimingConfig cfg = TimingPresets.load(run.preset());
        cfg = cfg.withTm(cfg.tm().withConcurrency(limited(run.mode()) ? run.limit() : 0));
        long t0 = System.nanoTime();
        try (TmMachine m = new TmMachine(cfg, null, divergence)) {
            input.run(m, run.mode());
            return new TmRow(run, input.size(), m.measurement(), (System.nanoTime() - t0) / 1_000_000);
        }
    }
}
