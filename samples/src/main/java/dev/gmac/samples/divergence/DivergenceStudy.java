package dev.gmac.samples.divergence;

import dev.gmac.gpu.timing.config.TimingConfig;
import dev.gmac.gpu.timing.config.TimingPresets;
import dev.gmac.samples.study.StudyProgress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The divergence study (Fung thesis §3.5-3.6): every workload under every model (and L2 variant) on the timing
 * model, each run on its own simulated GPU, {@link DivergenceOptions#jobs()} at a time. Runs are independent and
 * deterministic, so the results do not depend on how many run at once or in which order they finish.
 */
public final class DivergenceStudy {
    private final DivergenceOptions options;

    /** A study of {@code options}. */
    public DivergenceStudy(DivergenceOptions options) {
        this.options = options;
    }

    /** The timing configuration of {@code model} with {@code l2} on the options' GPU. */
    public TimingConfig config(StudyModel model, L2Variant l2) {
        String base = options.config();
        if (!TimingPresets.names().contains(base)) {
            base = Path.of(base).toAbsolutePath().toString();
            if (!Files.isRegularFile(Path.of(base))) {
                throw new IllegalArgumentException("--config " + options.config()
                        + ": no preset of that name and no such file; presets are "
                        + String.join(", ", TimingPresets.names()));
            }
        }
        StringBuilder text = new StringBuilder("extends = ").append(base).append('\n');
        if (!options.keepScheduler()) {
            text.append("core.scheduler = lrr\n"); // the thesis's Table 3.2
        }
        text.append("core.block.priority = ").append(model.priority().token()).append('\n');
        text.append(l2.presetLines());
        return TimingPresets.parse(
                "divergence-study(" + options.config() + ", " + model.label() + ", " + l2.label() + ")",
                text.toString());
    }

    /** Runs every run; {@code progress} hears about each as it ends. */
    public DivergenceResults run(StudyProgress progress) {
        List<Task> tasks = new ArrayList<>();
        for (L2Variant l2 : options.l2Variants()) {
            for (DivergenceWorkload w : options.workloads()) {
                for (StudyModel m : options.models()) {
                    tasks.add(new Task(w, m, l2, config(m, l2)));
                }
            }
        }
        progress.started(tasks.size());
        AtomicInteger done = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(options.jobs(), tasks.size())));
        try {
            List<Future<DivergenceRun>> futures = new ArrayList<>();
            for (Task t : tasks) {
                futures.add(pool.submit(() -> {
                    DivergenceRun r = t.run(options);
                    progress.finished(
                            done.incrementAndGet(),
                            tasks.size(),
                            r.name() + " " + r.model().label());
                    return r;
                }));
            }
            List<DivergenceRun> runs = new ArrayList<>();
            for (Future<DivergenceRun> f : futures) {
                runs.add(f.get());
            }
            return new DivergenceResults(options, runs);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("the study was interrupted", e);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(c);
        } finally {
            pool.shutdownNow();
            progress.stopped();
        }
    }

    private record Task(DivergenceWorkload workload, StudyModel model, L2Variant l2, TimingConfig config) {
        DivergenceRun run(DivergenceOptions o) {
            StudyDevice d = StudyDevice.timed(config, model.divergence());
            try (d) {
                Verdict v = workload.run(d, o.size(), o.seed());
                return new DivergenceRun(workload, model, l2, v, d.totals());
            } catch (RuntimeException e) {
                // a kernel that faults or never finishes under this model (warp-synchronous code under DWF may) is a
                // failed run of the study, reported with its reason; the other runs go on
                String why = e.getMessage() == null ? e.toString() : e.getMessage();
                return new DivergenceRun(
                        workload, model, l2, new Verdict(false, -1, "did not complete: " + why, 0), d.totals());
            }
        }
    }
}
