package dev.gmac.samples.adsm;

import dev.gmac.api.Adsm;
import dev.gmac.api.CudaStyle;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * One sample program, in its ADSM and its explicit-copy versions, with the answer both must give.
 *
 * <p>Both versions do the same host work in the same order; the ADSM one reads and writes shared buffers where the
 * explicit one reads and writes arrays and copies them.
 */
public interface AdsmSample {
    /** The sample's name ({@code vector-add}, ...). */
    String name();

    /** Runs the ADSM version; returns its results (the same length and order as {@link #expected()}). */
    float[] runAdsm(Adsm adsm, Path scratch) throws IOException, InterruptedException;

    /** Runs the explicit-copy version. */
    float[] runExplicit(CudaStyle cuda, Path scratch) throws IOException, InterruptedException;

    /** The results computed in plain Java. */
    float[] expected();

    /** Largest difference allowed from {@link #expected()}. */
    default float tolerance() {
        return 0f;
    }

    /** The five samples of issue 14. */
    static List<AdsmSample> all() {
        return List.of(
                new VectorAddSample(), new HeatSample(), new MatmulSample(), new FileSample(), new TwoThreadsSample());
    }
}
