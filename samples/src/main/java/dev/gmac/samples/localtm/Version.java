package dev.gmac.samples.localtm;

/**
 * The versions of every GPU-LocalTM workload (Villegas et al., Euro-Par 2016 Workshops, §5: "a TM version, a
 * fine-grained locks (FGL) or atomics version, and a third version serializing the critical section"), with both an
 * atomics and an FGL version where the critical section allows atomics, and the TM version under each of the paper's
 * two conflict-detection schemes.
 */
public enum Version {
    /** One work-item runs the work-group's critical sections (the baseline of Fig 5). */
    SERIAL("serial", null),
    /** Shared-memory atomics, where the critical section allows them ({@link LocalTmWorkload#versions()}). */
    ATOMIC("atomic", null),
    /** Fine-grained spin locks in shared memory ({@code gmac_lockset.cuh}). */
    FGL("fgl", null),
    /** The TM version under directory-based conflict detection. */
    DCD("dcd", "localtm-dcd"),
    /** The TM version under shared-modified directory-based conflict detection. */
    SMDCD("smdcd", "localtm-smdcd");

    private final String label;
    private final String tm;

    Version(String label, String tm) {
        this.label = label;
        this.tm = tm;
    }

    /** The label of tables, files and {@code --versions}. */
    public String label() {
        return label;
    }

    /** The engine's {@code --tm} model of this version, or null for the non-transactional ones. */
    public String tm() {
        return tm;
    }

    /** True for the transactional versions. */
    public boolean transactional() {
        return tm != null;
    }

    /** The version labelled {@code label} (case-insensitive). */
    public static Version of(String label) {
        for (Version v : values()) {
            if (v.label.equalsIgnoreCase(label.trim())) {
                return v;
            }
        }
        throw new IllegalArgumentException("unknown version '" + label + "'; known: serial, atomic, fgl, dcd, smdcd");
    }
}
