package dev.gmac.samples.study;

import java.util.List;

/**
 * The ADSM paper's figures the study's sweeps reproduce, each with the workload it sweeps and the values it
 * varies (§5.1 and §5.2–5.3).
 */
public enum Figure {
    /** Figure 9: the 3D stencil at several volume sizes, lazy-update vs rolling-update at four block sizes. */
    FIGURE_9("figure9", "stencil", "3D stencil: lazy vs rolling at several volume sizes (paper Figure 9)"),
    /** Figure 11: vector addition over block sizes, transfer time and bandwidth. */
    FIGURE_11("figure11", "vecadd", "vector addition: transfer time and bandwidth by block size (paper Figure 11)"),
    /** Figure 12: tpacf with rolling sizes 1, 2 and 4 over block sizes. */
    FIGURE_12("figure12", "tpacf", "tpacf: rolling sizes 1, 2, 4 by block size (paper Figure 12)");

    private static final long KIB = 1024;
    private static final long MIB = 1024 * KIB;

    /** Figure 9's rolling-update block sizes. */
    public static final List<Long> STENCIL_BLOCK_SIZES = List.of(4 * KIB, 256 * KIB, MIB, 32 * MIB);

    /** Figure 12's rolling sizes. */
    public static final List<Integer> TPACF_ROLLING_SIZES = List.of(1, 2, 4);

    private final String key;
    private final String workload;
    private final String title;

    Figure(String key, String workload, String title) {
        this.key = key;
        this.workload = workload;
        this.title = title;
    }

    /** The name used for files and JSON keys: {@code figure9}, ... */
    public String key() {
        return key;
    }

    /** The workload the figure sweeps. */
    public String workload() {
        return workload;
    }

    public String title() {
        return title;
    }

    /** Figure 11's block sizes: every power of two from 4 KiB to 32 MiB. */
    public static List<Long> vectorBlockSizes() {
        return powersOfTwo(4 * KIB, 32 * MIB);
    }

    /** Figure 12's block sizes: every power of two from 128 KiB to 32 MiB. */
    public static List<Long> tpacfBlockSizes() {
        return powersOfTwo(128 * KIB, 32 * MIB);
    }

    private static List<Long> powersOfTwo(long from, long to) {
        java.util.ArrayList<Long> sizes = new java.util.ArrayList<>();
        for (long s = from; s <= to; s *= 2) {
            sizes.add(s);
        }
        return List.copyOf(sizes);
    }
}
