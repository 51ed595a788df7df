package dev.gmac.samples.study;

import dev.gmac.api.Protocol;
import java.util.List;
import java.util.Locale;

/**
 * How a workload moves its data: one of the ADSM coherence protocols (ADSM paper §4.3), optionally with
 * write-set annotations on every kernel call (the remedy §4.3 proposes for the protocols' common deficiency), or
 * the explicit-copy baseline ({@code protocol == null}).
 *
 * @param protocol the coherence protocol, or {@code null} for explicit copies
 * @param annotated whether every kernel call names the objects it writes
 */
public record Variant(Protocol protocol, boolean annotated) {
    public static final Variant BATCH = new Variant(Protocol.BATCH, false);
    public static final Variant LAZY = new Variant(Protocol.LAZY, false);
    public static final Variant ROLLING = new Variant(Protocol.ROLLING, false);
    public static final Variant ROLLING_ANNOTATED = new Variant(Protocol.ROLLING, true);
    public static final Variant EXPLICIT = new Variant(null, false);

    /** The five columns of the study's table, in the order they are printed. */
    public static final List<Variant> STUDY = List.of(BATCH, LAZY, ROLLING, ROLLING_ANNOTATED, EXPLICIT);

    public Variant {
        if (protocol == null && annotated) {
            throw new IllegalArgumentException("explicit copies take no write-set annotations");
        }
    }

    /** True for the explicit-copy baseline. */
    public boolean isExplicit() {
        return protocol == null;
    }

    /** The name used in tables, CSV and JSON: {@code batch}, {@code lazy}, {@code rolling-annotated}, ... */
    public String label() {
        if (protocol == null) {
            return "explicit";
        }
        String name = protocol.name().toLowerCase(Locale.ROOT);
        return annotated ? name + "-annotated" : name;
    }

    /** Parses a protocol name ({@code batch}, {@code lazy}, {@code rolling}, {@code explicit}) and the flag. */
    public static Variant of(String protocolName, boolean annotated) {
        String name = protocolName.trim().toLowerCase(Locale.ROOT);
        if (name.equals("explicit")) {
            if (annotated) {
                throw new IllegalArgumentException("--annotate does not apply to explicit copies");
            }
            return EXPLICIT;
        }
        for (Protocol p : Protocol.values()) {
            if (p.name().toLowerCase(Locale.ROOT).equals(name)) {
                return new Variant(p, annotated);
            }
        }
        throw new IllegalArgumentException(
                "unknown protocol '" + protocolName + "' (expected batch, lazy, rolling or explicit)");
    }

    /** Parses a label as printed by {@link #label()}. */
    public static Variant parse(String label) {
        String name = label.trim().toLowerCase(Locale.ROOT);
        boolean annotated = name.endsWith("-annotated");
        return of(annotated ? name.substring(0, name.length() - "-annotated".length()) : name, annotated);
    }

    @Override
    public String toString() {
        return label();
    }
}
