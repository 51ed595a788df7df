package dev.gmac.gpu;

/**
 * The simulated hardware the shared test harnesses ({@code KernelRunner}, {@code TestDevice}, the random-program
 * property test) run on: the default {@link GpuConfig}, or the divergence model and warp width that a surefire
 * execution sets with {@code -Dgmac.test.divergence=its} and {@code -Dgmac.test.warpSize=64}. The gpu-model POM
 * runs the kernel and property tests once per combination of {@code pdom}/{@code its} and 32/64 lanes, and once
 * under the test-only {@code test-halves} model (multi-warp issue groups, {@code HalvesModel}); tests
 * that rely on 32-lane warp semantics carry the JUnit tag {@value #WARP32} and are left out at width 64.
 */
public final class TestHardware {
    /** Tag of tests that need 32-lane warps (warp-synchronous code written for 32 lanes). */
    public static final String WARP32 = "warp32";

    /**
     * Tag of tests that rely on static warps inside divergent code (a warp vote or {@code activemask} under a
     * divergent branch): thread block compaction and dynamic warp formation regroup threads there, so their
     * reruns under {@code tbc}, {@code tbc-lcp} and {@code dwf} leave them out (Fung thesis §3.2-3.3).
     */
    public static final String DIVERGENT_WARP_SYNC = "divergentWarpSync";

    private TestHardware() {}

    /** The configuration the harnesses use. */
    public static GpuConfig config() {
        return configure(GpuConfig.builder()).build();
    }

    /** {@code b} with the divergence model and warp width of this test run. */
    public static GpuConfig.Builder configure(GpuConfig.Builder b) {
        if (divergence().equals("test-halves")) {
            dev.gmac.gpu.exec.HalvesModel.register();
        }
        return b.divergence(divergence()).warpSize(warpSize());
    }

    /** The divergence model of this test run ({@code pdom} unless set). */
    public static String divergence() {
        return System.getProperty("gmac.test.divergence", "pdom");
    }

    /** The warp width of this test run (32 unless set). */
    public static int warpSize() {
        return Integer.parseInt(System.getProperty("gmac.test.warpSize", "32"));
    }
}
