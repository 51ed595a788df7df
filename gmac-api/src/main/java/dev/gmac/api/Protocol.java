package dev.gmac.api;

import dev.gmac.coherence.ProtocolKind;

/** The coherence protocol an {@link Adsm} runtime uses (ADSM paper §4.3), chosen at load time. */
public enum Protocol {
    /** Everything to the accelerator at each call, everything back at each sync. */
    BATCH(ProtocolKind.BATCH),
    /** Object granularity: only what the host wrote goes, only what the host reads comes back. */
    LAZY(ProtocolKind.LAZY),
    /** Block granularity with eager, asynchronous flushes of a bounded set of dirty blocks (the default). */
    ROLLING(ProtocolKind.ROLLING);

    private final ProtocolKind kind;

    Protocol(ProtocolKind kind) {
        this.kind = kind;
    }

    /** Parses "batch", "lazy" or "rolling" (any case). */
    public static Protocol parse(String text) {
        return valueOf(ProtocolKind.parse(text).name());
    }

    ProtocolKind kind() {
        return kind;
    }
}
