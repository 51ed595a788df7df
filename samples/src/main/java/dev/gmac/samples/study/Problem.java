package dev.gmac.samples.study;

import java.io.IOException;
import java.nio.file.Path;

/**
 * One input set of a {@link Workload}, ready to run: the same computation as an ADSM host program, as the
 * explicit-copy baseline, and as a plain Java reference. Inputs are generated from a seed when the problem is
 * created, so every run of a problem sees identical data.
 */
public interface Problem {
    /** The workload's name ({@code cp}, {@code stencil}, ...). */
    String workload();

    /** A short description of the input size, e.g. {@code 32x32x32, 8 steps}. */
    String size();

    /**
     * Runs the ADSM host program: shared objects only, no copies. Input files, if any, are written to {@code
     * scratch} first (outside the runtime, so they are not counted).
     */
    Outputs runAdsm(AdsmHost host, Path scratch) throws IOException;

    /** Runs the explicit-copy baseline: device buffers and hand-placed copies of exactly what is needed. */
    Outputs runExplicit(ExplicitHost host, Path scratch) throws IOException;

    /** Computes the outputs in plain Java. */
    Outputs reference();

    /**
     * How far a float output may stray from the reference, as a fraction of the largest magnitude in the expected
     * array (0 for bit-exact kernels).
     */
    default double tolerance() {
        return 1e-5;
    }
}
