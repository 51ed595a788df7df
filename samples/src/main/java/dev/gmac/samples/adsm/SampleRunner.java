package dev.gmac.samples.adsm;

import dev.gmac.api.Adsm;
import dev.gmac.api.AdsmConfig;
import dev.gmac.api.CudaStyle;
import dev.gmac.api.TransferStats;
import dev.gmac.coherence.transfer.TimelineSnapshot;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Runs one {@link AdsmSample} in its ADSM and explicit-copy versions, checks both against the plain-Java answer and
 * returns what each moved and its modelled end-to-end time.
 *
 * <p>Each version runs {@code warmups} times first (the JIT compiles the host code; the measured host compute of
 * the first run is mostly the interpreter's), then {@code repeats} times measured, alternating between the two
 * versions; each side reports its fastest measured run (modelled end-to-end time), the usual estimator when
 * the noise (JIT activity, other processes) only ever adds time.
 */
public final class SampleRunner {
    private SampleRunner() {}

    /** One version's figures. */
    public record Side(long bytesToAccelerator, long bytesToHost, long transfers, TimelineSnapshot time) {
        public long bytes() {
            return bytesToAccelerator + bytesToHost;
        }

        static Side of(TransferStats stats) {
            return new Side(
                    stats.bytesToAccelerator(),
                    stats.bytesToHost(),
                    stats.transfersToAccelerator() + stats.transfersToHost(),
                    stats.time());
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
        Side explicit = null;
        Side adsm = null;
        float explicitError = 0;
        float adsmError = 0;
        for (int round = 0; round < warmups + repeats; round++) {
            boolean measured = round >= warmups;
            try (CudaStyle cuda = CudaStyle.open(config)) {
                float[] got = sample.runExplicit(cuda, scratch);
                cuda.sync();
                explicitError = check(sample, "explicit", expected, got);
                Side side = Side.of(cuda.stats());
                if (measured
                        && (explicit == null
                                || side.time().endToEnd() < explicit.time().endToEnd())) {
                    explicit = side;
                }
            }
            try (Adsm runtime = Adsm.open(config)) {
                float[] got = sample.runAdsm(runtime, scratch);
                adsmError = check(sample, "ADSM", expected, got);
                Side side = Side.of(runtime.stats());
                if (measured
                        && (adsm == null || side.time().endToEnd() < adsm.time().endToEnd())) {
                    adsm = side;
                }
            }
        }
        return new Result(sample.name(), adsm, explicit, adsmError, explicitError);
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
