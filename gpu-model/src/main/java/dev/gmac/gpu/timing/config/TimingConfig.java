package dev.gmac.gpu.timing.config;

import java.util.Objects;

/**
 * A complete, validated description of the simulated GPU for the timing model: clocks, cores, shared memory,
 * caches, interconnect, memory partitions and DRAM. Immutable. Built from a preset file by {@link
 * TimingPresets}; every field is documented by the key that sets it (see {@code docs/timing-model.md} and the
 * preset files under {@code dev/gmac/gpu/timing/presets}).
 *
 * <p>Implements the configurations of the Fung thesis (Tables 3.2, 4.4 and 6.1, digest §1.6) and of the
 * channels paper (Orr et al., ISCA 2014, Table 2) as data.
 *
 * @param name          the preset name (or the file's base name)
 * @param description   one line saying what the configuration models
 * @param clocks        the clock domains
 * @param core          the SIMT cores
 * @param simt          how the cores group threads for issue (the default divergence model)
 * @param shared        the shared memory of each core
 * @param constantCache the constant cache of each core
 * @param l1            the L1 data cache of each core
 * @param interconnect  the crossbars
 * @param memory        partitions, line size, L2 slices and atomic units
 * @param dram          the DRAM channel of each partition
 */
public record TimingConfig(
        String name,
        String description,
        ClockConfig clocks,
        CoreConfig core,
        SimtConfig simt,
        SharedMemoryConfig shared,
        ConstantCacheConfig constantCache,
        L1Config l1,
        InterconnectConfig interconnect,
        MemoryConfig memory,
        DramConfig dram) {

    /** Checks that no part is null; value ranges are checked by the loader. */
    public TimingConfig {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(clocks, "clocks");
        Objects.requireNonNull(core, "core");
        Objects.requireNonNull(simt, "simt");
        Objects.requireNonNull(shared, "shared");
        Objects.requireNonNull(constantCache, "constantCache");
        Objects.requireNonNull(l1, "l1");
        Objects.requireNonNull(interconnect, "interconnect");
        Objects.requireNonNull(memory, "memory");
        Objects.requireNonNull(dram, "dram");
    }

    /** Loads a named preset ({@link TimingPresets#names()}) or a preset file path. */
    public static TimingConfig load(String presetNameOrPath) {
        return TimingPresets.load(presetNameOrPath);
    }

    /** Peak DRAM bandwidth of the whole GPU in bytes per second. */
    public double peakDramBytesPerSecond() {
        return (double) memory.partitions() * dram.bytesPerCycle() * clocks.dramMhz() * 1e6;
    }

    /** Peak DRAM bandwidth of the whole GPU in bytes per core cycle. */
    public double peakDramBytesPerCoreCycle() {
        return peakDramBytesPerSecond() / (clocks.coreMhz() * 1e6);
    }

    /** Peak thread instructions per core cycle over the whole GPU (ALU pipelines only). */
    public int peakThreadIpc() {
        return core.count() * core.alu().units() * core.alu().width();
    }

    /** The same configuration under another name (used by files that extend a preset). */
    public TimingConfig withName(String newName, String newDescription) {
        return new TimingConfig(
                newName, newDescription, clocks, core, simt, shared, constantCache, l1, interconnect, memory, dram);
    }
}
