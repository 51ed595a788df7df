package dev.gmac.samples.adsm;

import dev.gmac.api.Adsm;
import dev.gmac.api.AdsmConfig;
import dev.gmac.api.CudaStyle;
import dev.gmac.api.TransferStats;
import dev.gmac.coherence.transfer.HostWorkBaseline;
import dev.gmac.coherence.transfer.TimelineSnapshot;
import dev.gmac.coherence.transfer.TimelineTrace;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Runs one {@link AdsmSample} in its ADSM and explicit-copy versions, checks both against the plain-Java answer and
 * returns what each moved and its modelled end-to-end time.
 *
 * <p>Each version runs {@code warmups} times first (the JIT compiles the host code; the measured host compute of
 * the first run is mostly the interpreter's), then {@code repeats} times measured, alternating between the two
 * versions. Both versions run the same host code, so each is charged the fastest host work measured for each
 * phase over all measured runs of both (decision 0122); each side then reports its fastest run, with its fastest
 * run by its own measured host compute beside it.
 */
public final class SampleRunner {
    private SampleRunner() {}

    /**
     * One version's figures. {@code time} is the modelled end-to-end time the sample reports: with the program's
     * host work (decision 0122) when {@code programHostWork}, else as measured; {@code measured} is the fastest run
     * with its own measured host compute.
     */
    public record Side(
            long bytesToAccelerator,
            long bytesToHost,
            long transfers,
            TimelineSnapshot time,
            TimelineSnapshot measured,
            List<TimelineTrace> traces,
            boolean programHostWork) {
        public long bytes() {
            return bytesToAccelerator + bytesToHost;
        }

        static Side of(TransferStats stats) {
            return new Side(
                    stats.bytesToAccelerator(),
                    stats.bytesToHost(),
                    stats.transfersToAccelerator() + stats.transfersToHost(),
                    stats.time(),
                    stats.time(),
                    stats.timelineTraces(),
                    false);
        }

        Side replayed(HostWorkBaseline baseline) {
            return new Side(
                    bytesToAccelerator, bytesToHost, transfers, baseline.replay(traces), measured, traces, true);
        }

        /** The fastest of {@code runs} (by {@code time}), with the fastest measured time beside it. */
        static Side fastest(List<Side> runs) {
            Side best = runs.get(0);
            TimelineSnapshot measured = best.measured;
            for (Side s : runs) {
                if (s.time.endToEnd() < best.time.endToEnd()) {
                    best = s;
                }
                if (s.measured.endToEnd() < measured.endToEnd()) {
                    measured = s.measured;
                }
            }
            return new Side(
                    best.bytesToAccelerator,
                    best.bytesToHost,
                    best.transfers,
                    best.time,
                    measured,
                    best.traces,
                    best.programHostWork);
        }
    }

    /** Both versions of one sample. */
    public record Result(String sample, Side adsm, Side explicit, float adsmError, float explicitError) {
        @Override
        public String toString() {
            return sample + ": ADSM " + adsm + ", explicit " + explicit;
        }

        /** ADSM's bytes over explicit's (1.00 = the same). */
        public double byteRatio() {
            return explicit.bytes() == 0
                    ? (adsm.bytes() == 0 ? 1 : Double.POSITIVE_INFINITY)
                    : (double) adsm.bytes() / explicit.bytes();
        }

        /** ADSM's modelled end-to-end time over explicit's. */
        public double timeRatio() {
            return adsm.time().endToEnd() / explicit.time().endToEnd();
        }

        /** The ratio of the fastest end-to-end times with each version's own measured host compute. */
        public double measuredRatio() {
            return adsm.measured().endToEnd() / explicit.measured().endToEnd();
        }

        /** The same ratio without the measured host compute (modelled parts only, plus kernels). */
        public double modelledRatio() {
            return (adsm.time().modelledWithoutCpu() + adsm.time().kernels())
                    / (explicit.time().modelledWithoutCpu() + explicit.time().kernels());
        }
    }

    /**
     * Runs {@code sample} under {@code config} (ADSM version; the explicit version uses the same GPU and timing
     * preset), {@code warmups} unmeasured runs each first, then {@code repeats} measured ones.
     */
    public static Result run(AdsmSample sample, AdsmConfig config, Path scratch, int warmups, int repeats)
            throws IOException, InterruptedException {
        if (warmups < 0 || repeats < 1) {
            throw new IllegalArgumentException("warmups >= 0 and repeats >= 1 required");
        }
        float[] expected = sample.expected();
        List<Side> explicitRuns = new ArrayList<>();
        List<Side> adsmRuns = new ArrayList<>();
        float explicitError = 0;
        float adsmError = 0;
        for (int round = 0; round < warmups + repeats; round++) {
            boolean measured = round >= warmups;
            try (CudaStyle cuda = CudaStyle.open(config)) {
                float[] got = sample.runExplicit(cuda, scratch);
                cuda.sync();
                explicitError = check(sample, "explicit", expected, got);
                if (measured) {
                    explicitRuns.add(Side.of(cuda.stats()));
                }
            }
            try (Adsm runtime = Adsm.open(config)) {
                float[] got = sample.runAdsm(runtime, scratch);
                adsmError = check(sample, "ADSM", expected, got);
                if (measured) {
                    adsmRuns.add(Side.of(runtime.stats()));
                }
            }
        }
        // Both versions run the same host code: charge them its fastest measured host work (decision 0122), where
        // their timelines have the same shape (one context each, the same number of calls).
        List<List<TimelineTrace>> traces = new ArrayList<>();
        explicitRuns.forEach(r -> traces.add(r.traces()));
        adsmRuns.forEach(r -> traces.add(r.traces()));
        Optional<HostWorkBaseline> baseline = HostWorkBaseline.fastest(traces);
        if (baseline.isPresent()) {
            explicitRuns.replaceAll(r -> r.replayed(baseline.get()));
            adsmRuns.replaceAll(r -> r.replayed(baseline.get()));
        }
        return new Result(sample.name(), Side.fastest(adsmRuns), Side.fastest(explicitRuns), adsmError, explicitError);
    }

    private static float check(AdsmSample sample, String version, float[] expected, float[] got) {
        if (got.length != expected.length) {
            throw new IllegalStateException(
                    sample.name() + " (" + version + "): " + got.length + " results, expected " + expected.length);
        }
        float worst = 0;
        for (int i = 0; i < got.length; i++) {
            float error = Math.abs(got[i] - expected[i]);
            if (!(error <= sample.tolerance())) {
                throw new IllegalStateException(sample.name() + " (" + version + "): result " + i + " is " + got[i]
                        + ", expected " + expected[i]);
            }
            worst = Math.max(worst, error);
        }
        return worst;
    }
}
