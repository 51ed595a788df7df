package dev.gmac.coherence;

import java.util.Locale;

/** The three coherence protocols of the ADSM paper (Gelado et al., ASPLOS 2010, §4.3). */
public enum ProtocolKind {
    /** Batch-update: every object goes to the accelerator at a call and comes back at the sync. */
    BATCH,
    /** Lazy-update: object granularity, transfers only what the host wrote or reads. */
    LAZY,
    /** Rolling-update: block granularity, a bounded number of dirty blocks flushed eagerly. */
    ROLLING;

    /** Parses "batch", "lazy" or "rolling" (any case). */
    public static ProtocolKind parse(String text) {
        if (text != null) {
            String name = text.trim().toLowerCase(Locale.ROOT);
            for (ProtocolKind kind : values()) {
                if (kind.lowerName().equals(name)) {
                    return kind;
                }
            }
        }
        throw new IllegalArgumentException("unknown coherence protocol '" + text + "': use batch, lazy or rolling");
    }

    /** "batch", "lazy" or "rolling". */
    public String lowerName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
