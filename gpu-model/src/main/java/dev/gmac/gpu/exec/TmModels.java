package dev.gmac.gpu.exec;

import dev.gmac.gpu.tm.IdealTm;
import dev.gmac.gpu.tm.KiloTm;
import dev.gmac.gpu.tm.hybrid.HybridTm;
import dev.gmac.gpu.tm.local.Detection;
import dev.gmac.gpu.tm.local.LocalTm;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The transactional-memory models the engine knows, by name (Fung thesis Ch4-6): {@code cgl} (every transaction
 * under one global lock, the thesis's serial baseline; {@link CglTm}), {@code ideal} (Ideal TM, the limit study;
 * {@link IdealTm}), {@code kilotm} (Kilo TM), {@code kilotm-tcd} (Kilo TM with temporal conflict detection), {@code
 * warptm} (warp-level transaction management with intra-warp conflict resolution) and {@code warptm-tcd} (both; the
 * thesis's "enhanced Kilo TM"), the last four {@link KiloTm}; {@code localtm-dcd} and {@code localtm-smdcd} (GPU-LocalTM, eager hardware TM for
 * shared memory with directory-based or shared-modified conflict detection; {@link LocalTm}); {@code
 * localtm-dcd+kilotm} and {@code localtm-smdcd+kilotm} (GPU-LocalTM for shared data and Kilo TM for global data in
 * the same transactions; {@link HybridTm}, decision 0351). A launch with transactions creates one instance. The
 * lazy models live in {@code dev.gmac.gpu.tm}, GPU-LocalTM in {@code dev.gmac.gpu.tm.local}; this registry is the one place the engine names them.
 */
public final class TmModels {
    private static final Map<String, Supplier<TmModel>> MODELS = new LinkedHashMap<>();

    static {
        MODELS.put("cgl", CglTm::new);
        MODELS.put("ideal", IdealTm::new);
        MODELS.put("kilotm", () -> new KiloTm("kilotm", false, false));
        MODELS.put("kilotm-tcd", () -> new KiloTm("kilotm-tcd", false, true));
        MODELS.put("warptm", () -> new KiloTm("warptm", true, false));
        MODELS.put("warptm-tcd", () -> new KiloTm("warptm-tcd", true, true));
        MODELS.put("localtm-dcd", () -> new LocalTm(Detection.DCD));
        MODELS.put("localtm-smdcd", () -> new LocalTm(Detection.SMDCD));
        MODELS.put("localtm-dcd+kilotm", () -> new HybridTm(Detection.DCD));
        MODELS.put("localtm-smdcd+kilotm", () -> new HybridTm(Detection.SMDCD));
    }

    private TmModels() {}

    /** The known names, in a stable order. */
    public static List<String> names() {
        return List.copyOf(MODELS.keySet());
    }

    /** Throws an {@link IllegalArgumentException} naming the known models when {@code name} is not one. */
    public static void check(String name) {
        if (name == null || !MODELS.containsKey(name)) {
            throw new IllegalArgumentException(
                    "unknown transactional-memory model '" + name + "'; known: " + String.join(", ", names()));
        }
    }

    /** A fresh model named {@code name}. */
    public static TmModel create(String name) {
        check(name);
        return MODELS.get(name).get();
    }
}
