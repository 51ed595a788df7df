package dev.gmac.gpu.timing.config;

import dev.gmac.gpu.config.ConfigKey;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Loads timing configurations: the named presets shipped as resources under {@code dev/gmac/gpu/timing/presets}
 * and user files in the same format (GPGPU-Sim's idea of configurations as data).
 *
 * <p>Format ({@link PresetFile}): {@code key = value} lines with {@code #} comments. A file without {@code
 * extends} must set every key of the schema exactly once; a file with {@code extends = BASE} sets only the keys
 * it changes. Every key is validated: unknown keys (with a suggestion), duplicates, missing keys, ill-typed or
 * out-of-range values and contradictory combinations are all reported together as a {@link
 * TimingConfigException} whose lines read {@code file:line: problem}.
 */
public final class TimingPresets {
    /** The presets shipped with gmac-jvm. */
    public static final List<String> NAMES = List.of("fx5800", "fx5800-tbc", "gtx480", "apu8");

    private static final String RESOURCE_DIR = "/dev/gmac/gpu/timing/presets/";
    private static final String SUFFIX = ".conf";
    private static final int MAX_EXTENDS_DEPTH = 8;

    private TimingPresets() {}

    /** The names of the shipped presets. */
    public static List<String> names() {
        return NAMES;
    }

    /**
     * Loads a shipped preset by name, or else the preset file at {@code nameOrPath}.
     *
     * @throws TimingConfigException when the name is neither a preset nor a readable file, or the file is invalid
     */
    public static TimingConfig load(String nameOrPath) {
        return load(nameOrPath, null, 0);
    }

    /** Loads a preset file from disk. */
    public static TimingConfig loadFile(Path file) {
        return loadFile(file, 0);
    }

    /** Parses preset text; {@code source} names it in error messages. Relative {@code extends} paths fail. */
    public static TimingConfig parse(String source, String text) {
        return build(PresetFile.parse(source, text), null, 0);
    }

    /** The raw text of a shipped preset (for documentation and the CLI). */
    public static String presetText(String name) {
        if (!NAMES.contains(name)) {
            throw unknown(name);
        }
        try (InputStream in = TimingPresets.class.getResourceAsStream(RESOURCE_DIR + name + SUFFIX)) {
            if (in == null) {
                throw new IllegalStateException("preset resource missing from the jar: " + name + SUFFIX);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes {@code config} in the file format, every key once, in schema order (a complete, standalone file). */
    public static String format(TimingConfig config) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, Object> e : ConfigSchema.values(config).entrySet()) {
            ConfigKey key = ConfigSchema.key(e.getKey());
            sb.append(e.getKey()).append(" = ").append(key.format(e.getValue()));
            sb.append("    # ").append(key.description()).append('\n');
        }
        return sb.toString();
    }

    private static TimingConfig load(String nameOrPath, Path relativeTo, int depth) {
        if (NAMES.contains(nameOrPath)) {
            return build(PresetFile.parse(nameOrPath + SUFFIX, presetText(nameOrPath)), null, depth);
        }
        Path p;
        try {
            p = Path.of(nameOrPath);
        } catch (java.nio.file.InvalidPathException e) {
            throw unknown(nameOrPath.replace('\0', '?'));
        }
        if (relativeTo != null && !p.isAbsolute()) {
            p = relativeTo.resolveSibling(p);
        }
        if (!Files.isRegularFile(p)) {
            throw unknown(nameOrPath);
        }
        return loadFile(p, depth);
    }

    private static TimingConfig loadFile(Path file, int depth) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw unknown(file.toString());
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new TimingConfigException(
                    file.toString(), 0, List.of(file + ": the preset file is not UTF-8 text; save it as UTF-8"));
        } catch (IOException e) {
            throw new TimingConfigException(
                    file.toString(), 0, List.of(file + ": cannot read the preset file: " + e.getMessage()));
        }
        return build(PresetFile.parse(file.toString(), text), file, depth);
    }

    private static TimingConfigException unknown(String nameOrPath) {
        return new TimingConfigException(
                nameOrPath,
                0,
                List.of(nameOrPath + ": no preset of that name and no such file; presets are "
                        + String.join(", ", NAMES)));
    }

    private static TimingConfig build(PresetFile f, Path file, int depth) {
        Map<String, Object> values = new LinkedHashMap<>();
        Map<String, Integer> lineOf = new LinkedHashMap<>();
        PresetFile.Entry ext = f.extendsEntry();
        if (ext != null) {
            if (depth >= MAX_EXTENDS_DEPTH) {
                f.problem(ext.line(), "'extends' chain deeper than " + MAX_EXTENDS_DEPTH + " (a cycle?)");
            } else {
                try {
                    values.putAll(ConfigSchema.values(load(ext.value(), file, depth + 1)));
                } catch (TimingConfigException e) {
                    f.problem(ext.line(), "cannot extend '" + ext.value() + "': " + e.getMessage());
                }
            }
        }
        for (PresetFile.Entry e : f.entries().values()) {
            ConfigKey key = ConfigSchema.key(e.key());
            if (key == null) {
                List<String> near = ConfigKey.closest(e.key(), ConfigSchema.KEYS);
                f.problem(
                        e.line(),
                        "unknown key '" + e.key() + "'"
                                + (near.isEmpty() ? "" : " (did you mean " + String.join(" or ", near) + "?)"));
                continue;
            }
            try {
                values.put(e.key(), key.parse(e.value()));
                lineOf.put(e.key(), e.line());
            } catch (IllegalArgumentException | ArithmeticException ex) {
                f.problem(e.line(), "key '" + e.key() + "' " + ex.getMessage());
            }
        }
        if (f.problems().isEmpty()) {
            List<String> missing = new ArrayList<>();
            for (ConfigKey k : ConfigSchema.KEYS) {
                if (!values.containsKey(k.name())) {
                    missing.add(k.name());
                }
            }
            if (!missing.isEmpty()) {
                f.fileProblem("missing keys " + String.join(", ", missing)
                        + " (set them, or start the file with 'extends = PRESET')");
            }
        }
        if (!f.problems().isEmpty()) {
            throw new TimingConfigException(f.source(), f.firstProblemLine(), f.problems());
        }
        TimingConfig config;
        try {
            config = ConfigSchema.build(values);
        } catch (IllegalArgumentException e) {
            // a rule between several tm.* keys (TmParams checks them)
            f.fileProblem("transactional-memory keys: " + e.getMessage());
            throw new TimingConfigException(f.source(), f.firstProblemLine(), f.problems());
        }
        for (ConfigSchema.Problem p : ConfigSchema.crossCheck(config)) {
            f.problem(lineOf.getOrDefault(p.key(), 0), p.message());
        }
        if (!f.problems().isEmpty()) {
            throw new TimingConfigException(f.source(), f.firstProblemLine(), f.problems());
        }
        return config;
    }
}
