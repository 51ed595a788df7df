package dev.gmac.api.config;

import dev.gmac.api.AdsmConfig;
import dev.gmac.api.AdsmException;
import dev.gmac.api.Protocol;
import dev.gmac.gpu.GpuConfig;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every runtime setting's typed value and where it came from, as {@link RuntimeSettings#resolve} found them, plus
 * the problems it found (bad values, unknown {@code gmac.*} names); and the typed configurations built from them.
 */
public final class ResolvedSettings {
    /** Where a value came from. */
    public enum Source {
        DEFAULT("default"),
        ENVIRONMENT("environment variable"),
        SYSTEM_PROPERTY("system property"),
        COMMAND_LINE("-D on the command line");

        private final String words;

        Source(String words) {
            this.words = words;
        }

        /** The source in words, for messages and {@code gmac config}. */
        public String words() {
            return words;
        }
    }

    private final Map<String, Object> values;
    private final Map<String, Source> sources;
    private final List<String> problems;

    ResolvedSettings(Map<String, Object> values, Map<String, Source> sources, List<String> problems) {
        this.values = Map.copyOf(values);
        this.sources = Map.copyOf(sources);
        this.problems = List.copyOf(problems);
    }

    /** The problems found: bad values and unknown {@code gmac.*} names, each on its own. */
    public List<String> problems() {
        return problems;
    }

    /**
     * This, when there are no problems.
     *
     * @throws AdsmException ({@code BAD_CONFIGURATION}) listing every problem, joined by {@code "; "}
     */
    public ResolvedSettings requireValid() {
        if (!problems.isEmpty()) {
            throw new AdsmException(AdsmException.Reason.BAD_CONFIGURATION, String.join("; ", problems));
        }
        return this;
    }

    /** The typed value of a setting (as its key parses it: Long, Boolean, Protocol, ...). */
    public Object value(String name) {
        Object v = values.get(name);
        if (v == null) {
            throw new IllegalArgumentException("no setting named " + name);
        }
        return v;
    }

    /** Where a setting's value came from. */
    public Source source(String name) {
        value(name);
        return sources.get(name);
    }

    /** Whether a setting was given (by command line, system property or environment), not defaulted. */
    public boolean isSet(String name) {
        return source(name) != Source.DEFAULT;
    }

    /** The settings that were given, by name, in their key's syntax (to pass them on, e.g. to benchmark forks). */
    public Map<String, String> given() {
        Map<String, String> m = new LinkedHashMap<>();
        for (Setting s : RuntimeSettings.ALL) {
            if (isSet(s.name())) {
                m.put(s.name(), s.key().format(value(s.name())));
            }
        }
        return m;
    }

    public Protocol protocol() {
        return (Protocol) value("gmac.protocol");
    }

    public long blockSize() {
        return (Long) value("gmac.blockSize");
    }

    public int rollingSize() {
        return Math.toIntExact((Long) value("gmac.rollingSize"));
    }

    public boolean strict() {
        return (Boolean) value("gmac.strict");
    }

    public boolean kernelFaultRecovery() {
        return (Boolean) value("gmac.kernelFaultRecovery");
    }

    public boolean debug() {
        return (Boolean) value("gmac.debug");
    }

    /**
     * The software GPU's configuration: the defaults with every {@code gmac.gpu.*} setting (memory, seed, watchdog
     * and launch budgets, warp size, divergence model, TM model, device heap and printf
     * buffer).
     */
    public GpuConfig gpuConfig() {
        String tm = (String) value("gmac.gpu.tm");
        return GpuConfig.builder()
                .globalMemoryBytes((Long) value("gmac.gpu.memory"))
                .seed((Long) value("gmac.gpu.seed"))
                .stallWarpSteps((Long) value("gmac.gpu.stallSteps"))
                .maxWarpInstructions((Long) value("gmac.gpu.maxInstructions"))
                .maxWallMillis(1000 * (Long) value("gmac.gpu.maxSeconds"))
                .stallMillis(1000 * (Long) value("gmac.gpu.stallSeconds"))
                .warpSize(Math.toIntExact((Long) value("gmac.gpu.warpSize")))
                .divergence((String) value("gmac.gpu.divergence"))
                .tm(tm.equals("none") ? null : tm)
                .deviceHeapBytes((Long) value("gmac.gpu.heapSize"))
                .printfBufferBytes(Math.toIntExact((Long) value("gmac.gpu.printfSize")))
                .build();
    }

    /**
     * The per-launch choices these settings make explicitly (set, not defaulted): the divergence model, which then
     * wins over a timing preset's {@code simt.divergence}. Warp width and TM model stay in {@link #gpuConfig()}.
     */
    public dev.gmac.gpu.LaunchOptions launchOptions() {
        return isSet("gmac.gpu.divergence")
                ? dev.gmac.gpu.LaunchOptions.DEFAULTS.withDivergence((String) value("gmac.gpu.divergence"))
                : dev.gmac.gpu.LaunchOptions.DEFAULTS;
    }

    /** The ADSM runtime's configuration from these settings (the cost model stays the default, PCIe 2.0 x16). */
    public AdsmConfig adsmConfig() {
        return AdsmConfig.defaults()
                .withProtocol(protocol())
                .withBlockSize(blockSize())
                .withRollingSize(rollingSize())
                .withStrict(strict())
                .withKernelFaultRecovery(kernelFaultRecovery())
                .withGpu(gpuConfig());
    }

    /**
     * Makes the JVM-wide switch {@code gmac.fastPathRefresh} visible to module coherence, which reads it as a system
     * property when its element accessors first load (it cannot depend on this module). Only needed when the value
     * came from the environment or the command line; call it before any shared object is touched.
     */
    public void exportJvmWideSettings() {
        String name = "gmac.fastPathRefresh";
        if (source(name) == Source.ENVIRONMENT || source(name) == Source.COMMAND_LINE) {
            System.setProperty(name, value(name).toString());
        }
    }
}
