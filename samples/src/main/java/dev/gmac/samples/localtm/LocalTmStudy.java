package dev.gmac.samples.localtm;

import dev.gmac.gpu.timing.config.TimingConfig;
import dev.gmac.gpu.timing.config.TimingPresets;
import dev.gmac.samples.study.StudyProgress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The GPU-LocalTM study (Villegas et al., "GPU-LocalTM: A Lightweight Transactional Memory for GPU Local Memory",
 * Euro-Par 2016 Workshops, §5): every workload at every contention level in every version, each on a fresh software
 * GPU under the timing preset; every version's shared data is checked against the serialised version's, and every
 * TM run must leave no owner in the shadow memory. Runs are independent and deterministic, so {@code jobs} of them go
 * at once and the results do not depend on how many.
 */
public final class LocalTmStudy {
    private final LocalTmStudyOptions options;

    /** A study of {@code options}. */
    public LocalTmStudy(LocalTmStudyOptions options) {
        this.options = options;
    }

    /** One planned run. */
    public record Run(LocalTmWorkload workload, Contention contention, Version version) {
        /** {@code HT HC dcd}. */
        public String label() {
            return workload.name() + " " + contention.label() + " " + version.label();
        }
    }

    /** Every run, in report order (serialised first in each workload and contention; versions a workload lacks left out). */
    public List<Run> plan() {
        List<Run> runs = new ArrayList<>();
        for (LocalTmWorkload w : options.workloads()) {
            for (Contention c : options.contentions()) {
                for (Version v : options.versions()) {
                    if (w.versions().contains(v)) {
                        runs.add(new Run(w, c, v));
                    }
                }
            }
        }
        return runs;
    }

    /** Runs the plan, reporting progress; throws {@link LocalTmStudyException} naming the first run that failed. */
    public LocalTmStudyResults run(StudyProgress progress) {
        List<Run> plan = plan();
        TimingConfig timing = TimingPresets.load(options.preset());
        progress.started(plan.size());
        ExecutorService pool = Executors.newFixedThreadPool(options.jobs(), r -> {
            Thread t = new Thread(r, "localtm-study");
            t.setDaemon(true);
            return t;
        });
        AtomicInteger done = new AtomicInteger();
        try {
            List<Future<Timed>> futures = new ArrayList<>();
            for (Run run : plan) {
                futures.add(pool.submit(() -> {
                    long t0 = System.nanoTime();
                    LocalTmLaunch.Outcome o = LocalTmLaunch.run(
                            run.workload(),
                            run.workload().setup(run.contention(), options.groups()),
                            run.version(),
                            options.groups(),
                            timing,
                            null);
                    progress.finished(done.incrementAndGet(), plan.size(), run.label());
                    return new Timed(o, (System.nanoTime() - t0) / 1_000_000);
                }));
            }
            List<Timed> outcomes = new ArrayList<>();
            for (int i = 0; i < futures.size(); i++) {
                try {
                    outcomes.add(futures.get(i).get());
                } catch (ExecutionException e) {
                    Throwable c = e.getCause();
                    throw new LocalTmStudyException(plan.get(i).label() + ": " + c.getMessage(), c);
                }
            }
            return new LocalTmStudyResults(options, rows(plan, outcomes));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LocalTmStudyException("the study was interrupted", e);
        } finally {
            pool.shutdownNow();
            progress.stopped();
        }
    }

    private record Timed(LocalTmLaunch.Outcome outcome, long millis) {}

    private List<LocalTmRow> rows(List<Run> plan, List<Timed> outcomes) {
        List<LocalTmRow> rows = new ArrayList<>();
        LocalTmLaunch.Outcome serial = null;
        for (int i = 0; i < plan.size(); i++) {
            Run run = plan.get(i);
            LocalTmLaunch.Outcome o = outcomes.get(i).outcome();
            if (run.version() == Version.SERIAL) {
                serial = o;
            }
            verify(run, run.workload().setup(run.contention(), options.groups()), serial, o);
            rows.add(new LocalTmRow(
                    run.workload().name(),
                    run.contention(),
                    run.version(),
                    o.cycles(),
                    o.cycles() == 0 ? 0 : (double) serial.cycles() / o.cycles(),
                    o.stats(),
                    o.phases(),
                    outcomes.get(i).millis()));
        }
        return rows;
    }

    /**
     * Checks {@code o} against the serialised outcome of the same workload and input, work-group by work-group, and,
     * for a TM version, against the serial replay of its committed transactions in commit order (the second
     * reference: every read saw what the serial order gives, and the final shared data is the serial order's).
     */
    public static void verify(
            Run run, LocalTmWorkload.Setup setup, LocalTmLaunch.Outcome serial, LocalTmLaunch.Outcome o) {
        int words = setup.outWords();
        for (int g = 0; g * words < o.out().length; g++) {
            int[] a = Arrays.copyOfRange(serial.out(), g * words, (g + 1) * words);
            int[] b = Arrays.copyOfRange(o.out(), g * words, (g + 1) * words);
            String diff = setup.check().compare(run.version(), a, b);
            if (diff != null) {
                throw new LocalTmStudyException(
                        run.label() + ": work-group " + g + " differs from the serialised version: " + diff, null);
            }
        }
        if (o.replay() != null && !o.replay().errors().isEmpty()) {
            throw new LocalTmStudyException(
                    run.label() + ": the serial replay of the " + o.replay().commits()
                            + " committed transactions disagrees with the run: "
                            + o.replay().errors().get(0),
                    null);
        }
        if (o.ownersLeft() > 0) {
            throw new LocalTmStudyException(
                    run.label() + ": " + o.ownersLeft() + " shadow-memory words still have an owner after the launch",
                    null);
        }
    }
}
