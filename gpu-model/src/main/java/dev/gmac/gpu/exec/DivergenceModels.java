package dev.gmac.gpu.exec;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The divergence models the engine knows, by name: {@code pdom} (per-warp post-dominator stacks, the default;
 * {@link PdomModel}), {@code its} (independent thread scheduling; {@link ItsModel}), thread block compaction
 * {@code tbc}, {@code tbc-lcp} (with likely-convergence points) and {@code tbc-static} (the compactor off, for
 * warp-synchronous kernels; {@link TbcModel}), dynamic warp formation {@code dwf} and {@code dwf-wb} (with
 * the warp barrier; {@link DwfModel}), plus any model registered
 * with {@link #register} (the seam is public: a researcher's own model plugs in without touching the engine). A
 * launch creates one model instance per hardware CTA slot. Thread-safe.
 */
public final class DivergenceModels {
    private static final Map<String, Supplier<DivergenceModel>> MODELS = new ConcurrentHashMap<>();
    private static final List<String> ORDER = new ArrayList<>();

    static {
        register("pdom", PdomModel::new);
        register("its", ItsModel::new);
        register("tbc", () -> new TbcModel("tbc", false, true));
        register("tbc-lcp", () -> new TbcModel("tbc-lcp", true, true));
        register("tbc-static", () -> new TbcModel("tbc-static", false, false));
        register("dwf", () -> new DwfModel("dwf", false));
        register("dwf-wb", () -> new DwfModel("dwf-wb", true));
    }

    private DivergenceModels() {}

    /** The known names, in registration order. */
    public static synchronized List<String> names() {
        return List.copyOf(ORDER);
    }

    /**
     * Makes a model known as {@code name} (lower-case letters, digits and dashes); {@code factory} makes a fresh
     * instance per hardware CTA slot. A name registered already is replaced.
     */
    public static synchronized void register(String name, Supplier<DivergenceModel> factory) {
        if (name == null || !name.matches("[a-z][a-z0-9-]*")) {
            throw new IllegalArgumentException("a divergence model name is lower-case letters, digits and dashes");
        }
        if (MODELS.put(name, factory) == null) {
            ORDER.add(name);
        }
    }

    /** Throws an {@link IllegalArgumentException} naming the known models when {@code name} is not one. */
    public static void check(String name) {
        if (name == null || !MODELS.containsKey(name)) {
            throw new IllegalArgumentException(
                    "unknown divergence model '" + name + "'; known: " + String.join(", ", names()));
        }
    }

    /** A fresh model named {@code name}. */
    public static DivergenceModel create(String name) {
        check(name);
        return MODELS.get(name).get();
    }
}
