package dev.gmac.samples.divergence;

/**
 * The L2 the study runs with (Fung thesis §3.6.4, Figure 3.15): the preset's own, or the two sizes the thesis
 * compares, 1 MB 64-way per memory channel (its Table 3.2, deliberately large to help DWF) and 128 KB 8-way.
 */
public enum L2Variant {
    /** The preset's L2. */
    PRESET("preset", null),
    /** 1 MB, 64-way per partition. */
    LARGE("1MB", "l2.size = 1M\nl2.assoc = 64\n"),
    /** 128 KB, 8-way per partition. */
    SMALL("128KB", "l2.size = 128K\nl2.assoc = 8\n");

    private final String label;
    private final String keys;

    L2Variant(String label, String keys) {
        this.label = label;
        this.keys = keys;
    }

    /** How tables and files name it. */
    public String label() {
        return label;
    }

    /** Preset lines that select it (empty for the preset's own). */
    String presetLines() {
        return keys == null ? "" : keys;
    }
}
