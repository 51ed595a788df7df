package dev.gmac.gpu.exec;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The divergence models the engine knows, by name: {@code pdom} (per-warp post-dominator stacks, the default;
 * {@link PdomModel}) and {@code its} (independent thread scheduling; {@link ItsModel}). A launch creates one model
 * instance per hardware CTA slot.
 */
public final class DivergenceModels {
    private static final Map<String, Supplier<DivergenceModel>> MODELS = Map.of("pdom", PdomModel::new);

    private DivergenceModels() {}

    /** The known names, in a stable order. */
    public static List<String> names() {
        return List.of("pdom", "its");
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
