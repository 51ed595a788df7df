package dev.gmac.api.config;

import dev.gmac.api.Protocol;
import dev.gmac.coherence.CoherenceConfig;
import dev.gmac.gpu.GpuConfig;
import dev.gmac.gpu.config.ConfigKey;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * The registry: every runtime setting of gmac-jvm ({@link #ALL}), and their resolution from the command line's
 * {@code -D KEY=VALUE} options, system properties and environment variables, in that order of precedence, over the
 * defaults. Every command of the {@code gmac} CLI and {@link dev.gmac.api.AdsmConfig#fromEnvironment()} resolve
 * through here, so a key means the same thing, takes the same values and fails the same way everywhere.
 */
public final class RuntimeSettings {
    /** The prefix of every setting's name. */
    public static final String PREFIX = "gmac.";

    private static final GpuConfig GPU_DEFAULTS = GpuConfig.defaults();

    /** Every setting, in the order {@code gmac config} lists them. */
    public static final List<Setting> ALL = List.of(
            setting(
                    ConfigKey.choice("gmac.protocol", protocols(), "the coherence protocol (ADSM paper section 4.3)"),
                    Protocol.ROLLING,
                    "ADSM runtime: gmac run, gmac study's non-table runs, Adsm.open()"),
            setting(
                    ConfigKey.size(
                                    "gmac.blockSize",
                                    8,
                                    1L << 30,
                                    "rolling-update's block size (the study's table uses 4K unless this is set)")
                            .multipleOf(8),
                    (long) CoherenceConfig.DEFAULT_BLOCK_SIZE,
                    "ADSM runtime: gmac run, gmac study, Adsm.open()"),
            setting(
                    ConfigKey.integer(
                            "gmac.rollingSize", 1, 1 << 20, "dirty blocks rolling-update allows per allocation"),
                    (long) CoherenceConfig.DEFAULT_ROLLING_INCREMENT,
                    "ADSM runtime: gmac run, gmac study, Adsm.open()"),
            setting(
                    ConfigKey.bool(
                            "gmac.strict", "a host access to an object a running kernel may write throws, not waits"),
                    Boolean.FALSE,
                    "ADSM runtime"),
            setting(
                    ConfigKey.bool(
                            "gmac.kernelFaultRecovery",
                            "checkpoint accelerator-only data so a failed kernel leaves host-visible data intact"),
                    Boolean.TRUE,
                    "ADSM runtime"),
            setting(
                    ConfigKey.bool(
                            "gmac.fastPathRefresh",
                            "recompile element accessors from fresh profiles once faults stop (decision 0105)"),
                    Boolean.TRUE,
                    "coherence's element accessors, JVM-wide"),
            setting(
                    ConfigKey.size("gmac.gpu.memory", 1, 1L << 40, "device global memory of the software GPU"),
                    GPU_DEFAULTS.globalMemoryBytes(),
                    "every software GPU: gmac ptx run, gmac run, gmac study, Adsm.open()"),
            setting(
                    ConfigKey.integer("gmac.gpu.seed", 0, 999_999_999_999_999L, "warp scheduling seed"),
                    GPU_DEFAULTS.seed(),
                    "every software GPU"),
            setting(
                    ConfigKey.integer(
                            "gmac.gpu.stallSteps",
                            1,
                            Long.MAX_VALUE,
                            "watchdog: warp instructions a launch may run while no thread finishes"),
                    GPU_DEFAULTS.stallWarpSteps(),
                    "every software GPU's launches"),
            setting(
                    ConfigKey.integer(
                            "gmac.gpu.stallSeconds",
                            1,
                            31_536_000,
                            "watchdog: wall time a launch may run while no thread finishes"),
                    GPU_DEFAULTS.stallMillis() / 1000,
                    "every software GPU's launches"),
            setting(
                    ConfigKey.integer(
                            "gmac.gpu.maxInstructions", 1, Long.MAX_VALUE, "budget of warp instructions per launch"),
                    GPU_DEFAULTS.maxWarpInstructions(),
                    "every software GPU's launches (a larger grid is refused)"),
            setting(
                    ConfigKey.integer("gmac.gpu.maxSeconds", 1, 31_536_000, "wall-clock budget per launch"),
                    GPU_DEFAULTS.maxWallMillis() / 1000,
                    "every software GPU's launches"),
            setting(
                    ConfigKey.choice("gmac.gpu.warpSize", Map.of("32", 32L, "64", 64L), "lanes per warp (wavefront)"),
                    (long) GPU_DEFAULTS.warpSize(),
                    "every software GPU's launches (a timing preset sets its own)"),
            setting(
                    ConfigKey.choice(
                            "gmac.gpu.divergence",
                            names(dev.gmac.gpu.exec.DivergenceModels.names()),
                            "divergence model (pdom: per-warp stacks; its: independent thread scheduling)"),
                    GPU_DEFAULTS.divergence(),
                    "every software GPU's launches; under a timing preset when set explicitly"),
            setting(
                    ConfigKey.choice(
                            "gmac.gpu.tm",
                            withNone(names(dev.gmac.gpu.exec.TmModels.names())),
                            "transactional-memory model for kernels with tx.begin/tx.commit (none: no TM)"),
                    "none",
                    "every software GPU's launches"),
            setting(
                    ConfigKey.size(
                            "gmac.gpu.heapSize",
                            1,
                            dev.gmac.gpu.exec.GlobalMemory.MAX_ALLOCATION,
                            "the heap of device malloc, per launch (CUDA's cudaLimitMallocHeapSize)"),
                    GPU_DEFAULTS.deviceHeapBytes(),
                    "every software GPU's launches"),
            setting(
                    ConfigKey.size(
                            "gmac.gpu.printfSize",
                            1,
                            Integer.MAX_VALUE,
                            "device printf output kept per launch (CUDA's cudaLimitPrintfFifoSize)"),
                    (long) GPU_DEFAULTS.printfBufferBytes(),
                    "every software GPU's launches"),
            setting(
                    ConfigKey.bool("gmac.debug", "print the Java stack trace of a failure (the CLI's --debug)"),
                    Boolean.FALSE,
                    "the gmac CLI"));

    /**
     * {@code gmac.*} system properties that are not runtime settings but belong to the build and to test harnesses;
     * they are known, so never reported as misspelt settings, and have no effect on the runtime.
     */
    public static final Map<String, String> OTHER_PROPERTIES = Map.of(
            "gmac.target", "Maven: the build output folder",
            "gmac.modelSeed", "coherence tests: seed of the model-based protocol test",
            "gmac.modelSequences", "coherence tests: sequences of the model-based protocol test",
            "gmac.apiModelSeed", "gmac-api tests: seed of the model-based API test",
            "gmac.apiModelSequences", "gmac-api tests: sequences of the model-based API test",
            "gmac.property.seed", "tests: seed of the property-based tests",
            "gmac.property.programs", "tests: programs of the property-based tests",
            "gmac.test.divergence", "gpu-model tests: divergence model of the kernel-test reruns",
            "gmac.test.warpSize", "gpu-model tests: warp width of the kernel-test reruns",
            "gmac.docs.write", "gpu-model tests: regenerate docs/ptx-support.md");

    private static final Map<String, Setting> BY_NAME = new LinkedHashMap<>();

    static {
        for (Setting s : ALL) {
            BY_NAME.put(s.name(), s);
        }
    }

    private RuntimeSettings() {}

    private static Setting setting(ConfigKey key, Object defaultValue, String affects) {
        return new Setting(key, Setting.environmentName(key.name()), defaultValue, affects);
    }

    private static Map<String, Object> names(List<String> names) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (String n : names) {
            m.put(n, n);
        }
        return m;
    }

    private static Map<String, Object> withNone(Map<String, Object> m) {
        m.put("none", "none");
        return m;
    }

    private static Map<String, Object> protocols() {
        Map<String, Object> m = new LinkedHashMap<>();
        for (Protocol p : Protocol.values()) {
            m.put(p.name().toLowerCase(Locale.ROOT), p);
        }
        return m;
    }

    /** The setting named {@code name} ({@code gmac.blockSize}). */
    public static Optional<Setting> byName(String name) {
        return Optional.ofNullable(BY_NAME.get(name));
    }

    /** The JVM's system properties and environment, without command-line settings. */
    public static ResolvedSettings fromEnvironment() {
        return resolve(System.getProperties(), System.getenv(), Map.of());
    }

    /**
     * Resolves every setting: a command-line value ({@code commandLine}, from {@code -D KEY=VALUE}) wins over a system
     * property, which wins over an environment variable, which wins over the default. Values are parsed and checked
     * here; problems (bad values, unknown {@code gmac.*} names) are collected in the result, not thrown, so a caller
     * can report all of them at once ({@link ResolvedSettings#requireValid()}).
     */
    public static ResolvedSettings resolve(
            Properties properties, Map<String, String> environment, Map<String, String> commandLine) {
        Map<String, Object> values = new LinkedHashMap<>();
        Map<String, ResolvedSettings.Source> sources = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, String> e : commandLine.entrySet()) {
            if (!BY_NAME.containsKey(e.getKey())) {
                problems.add(unknown(e.getKey(), "-D on the command line"));
            }
        }
        for (String name : properties.stringPropertyNames()) {
            if (name.startsWith(PREFIX) && !BY_NAME.containsKey(name) && !OTHER_PROPERTIES.containsKey(name)) {
                problems.add(unknown(name, "system property"));
            }
        }
        for (Setting s : ALL) {
            String raw;
            ResolvedSettings.Source source;
            if (commandLine.containsKey(s.name())) {
                raw = commandLine.get(s.name());
                source = ResolvedSettings.Source.COMMAND_LINE;
            } else if (properties.getProperty(s.name()) != null) {
                raw = properties.getProperty(s.name());
                source = ResolvedSettings.Source.SYSTEM_PROPERTY;
            } else if (environment.get(s.environmentVariable()) != null
                    && !environment.get(s.environmentVariable()).isBlank()) {
                raw = environment.get(s.environmentVariable());
                source = ResolvedSettings.Source.ENVIRONMENT;
            } else {
                values.put(s.name(), s.defaultValue());
                sources.put(s.name(), ResolvedSettings.Source.DEFAULT);
                continue;
            }
            try {
                values.put(s.name(), s.key().parse(raw));
                sources.put(s.name(), source);
            } catch (IllegalArgumentException e) {
                problems.add("bad value '" + brief(raw) + "' for " + s.name() + " / " + s.environmentVariable() + " ("
                        + source.words() + "): " + e.getMessage());
                values.put(s.name(), s.defaultValue());
                sources.put(s.name(), ResolvedSettings.Source.DEFAULT);
            }
        }
        return new ResolvedSettings(values, sources, problems);
    }

    private static String unknown(String name, String where) {
        List<String> near = ConfigKey.closest(
                name, BY_NAME.values().stream().map(Setting::key).toList());
        return "unknown setting " + brief(name) + " (" + where + ")"
                + (near.isEmpty()
                        ? "; the settings are " + String.join(", ", BY_NAME.keySet())
                        : "; did you mean " + String.join(" or ", near) + "?");
    }

    private static String brief(String s) {
        return s.length() <= 60 ? s : s.substring(0, 60) + "...";
    }
}
