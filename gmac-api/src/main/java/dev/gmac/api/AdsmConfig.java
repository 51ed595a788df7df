package dev.gmac.api;

import dev.gmac.api.config.ResolvedSettings;
import dev.gmac.api.config.RuntimeSettings;
import dev.gmac.coherence.CoherenceConfig;
import dev.gmac.coherence.transfer.TransferCostModel;
import dev.gmac.gpu.GpuConfig;
import java.util.Map;
import java.util.Properties;

/**
 * Configuration of an {@link Adsm} runtime. The protocol is chosen at load time (ADSM paper §4.3):
 * {@link #fromEnvironment()} reads it, with every other runtime setting, through the settings registry
 * ({@link dev.gmac.api.config.RuntimeSettings}) from system properties or environment variables.
 *
 * @param protocol the coherence protocol (default {@link Protocol#ROLLING})
 * @param blockSize rolling-update's block size in bytes, a positive multiple of 8 (default 256 KiB)
 * @param rollingSize by how many blocks the rolling size grows per allocation (default 2, the paper's)
 * @param strict whether a host access to an object a kernel in flight may write throws instead of waiting
 * @param costModel the interconnect model for modelled transfer times (default PCIe 2.0 x16)
 * @param kernelFaultRecovery whether calls checkpoint accelerator-only data so a failed kernel leaves the
 *     host-visible data as it was at the call (default on)
 * @param gpu the software GPU's configuration
 * @param timing a timing preset of the software GPU ({@code fx5800}, {@code gtx480}, {@code apu8}, ...) under
 *     which calls run, so {@code stats()} reports modelled kernel time; null: kernels are not timed (their
 *     modelled time is 0)
 * @param inferWriteSets whether an unannotated call infers its write set from the kernel's code (default on):
 *     buffers passed to parameters the kernel provably only reads through are not invalidated (ADSM paper §4.3)
 * @param checkReach whether the software GPU checks each call's exact reach (default on): a kernel that touches a
 *     shared buffer its call does not reach, or writes one outside the call's write set, fails naming the buffer,
 *     the PTX line and the thread (decision 0116)
 * @param deviceDirtyTracking whether the software GPU records which blocks a kernel writes, so the sync
 *     invalidates only those (default off; an assumed hardware feature that GPUs of the paper's time lacked,
 *     decision 0116)
 * @param asyncEviction whether rolling-update's eager evictions are copied by the runtime's DMA thread (default
 *     on, the paper's design, ADSM paper §4.3) or by the evicting thread when they are decided (off: the bytes
 *     moved no longer depend on how far the DMA thread got before the host wrote the block again, so counts are
 *     reproducible; modelled time still overlaps the eviction with host work, decision 0120)
 */
public record AdsmConfig(
        Protocol protocol,
        long blockSize,
        int rollingSize,
        boolean strict,
        TransferCostModel costModel,
        boolean kernelFaultRecovery,
        GpuConfig gpu,
        String timing,
        boolean inferWriteSets,
        boolean checkReach,
        boolean deviceDirtyTracking,
        boolean asyncEviction) {

    public AdsmConfig {
        if (protocol == null || costModel == null || gpu == null) {
            throw new AdsmException(
                    AdsmException.Reason.BAD_CONFIGURATION, "protocol, cost model and GPU config must not be null");
        }
        if (blockSize <= 0 || blockSize % 8 != 0 || blockSize > Integer.MAX_VALUE) {
            throw new AdsmException(
                    AdsmException.Reason.BAD_CONFIGURATION,
                    "block size must be a positive multiple of 8 bytes below 2 GiB, got " + blockSize);
        }
        if (rollingSize < 1) {
            throw new AdsmException(
                    AdsmException.Reason.BAD_CONFIGURATION, "rolling size must be >= 1 block, got " + rollingSize);
        }
        if (timing != null) {
            KernelTiming.check(timing);
        }
    }

    /**
     * Rolling-update, 256 KiB blocks, rolling size +2 blocks per allocation, PCIe 2.0 x16, not strict, kernels
     * untimed, write sets inferred, reach checked, evictions on the DMA thread.
     */
    public static AdsmConfig defaults() {
        return new AdsmConfig(
                Protocol.ROLLING,
                CoherenceConfig.DEFAULT_BLOCK_SIZE,
                CoherenceConfig.DEFAULT_ROLLING_INCREMENT,
                false,
                TransferCostModel.pcie2x16(),
                true,
                GpuConfig.defaults(),
                null,
                true,
                true,
                false,
                true);
    }

    /**
     * The defaults, overridden by the runtime settings ({@link dev.gmac.api.config.RuntimeSettings}): system
     * properties such as {@code gmac.protocol} (batch|lazy|rolling), {@code gmac.blockSize} (a size: {@code 4096},
     * {@code 4KiB}, {@code 1M}), {@code gmac.rollingSize}, {@code gmac.strict}, {@code gmac.timing} (a timing preset), {@code
     * gmac.inferWriteSets}, or else environment variables such as
     * {@code GMAC_PROTOCOL}, {@code GMAC_BLOCK_SIZE}. A system property wins over the environment.
     *
     * @throws AdsmException naming the setting when a value does not parse, or an unknown {@code gmac.*} property
     */
    public static AdsmConfig fromEnvironment() {
        return fromEnvironment(System.getProperties(), System.getenv());
    }

    /** {@link #fromEnvironment()} over the given properties and environment (for tests). */
    static AdsmConfig fromEnvironment(Properties properties, Map<String, String> environment) {
        ResolvedSettings settings =
                RuntimeSettings.resolve(properties, environment, Map.of()).requireValid();
        settings.exportJvmWideSettings();
        return settings.adsmConfig();
    }

    public AdsmConfig withProtocol(Protocol value) {
        return new AdsmConfig(
                value,
                blockSize,
                rollingSize,
                strict,
                costModel,
                kernelFaultRecovery,
                gpu,
                timing,
                inferWriteSets,
                checkReach,
                deviceDirtyTracking,
                asyncEviction);
    }

    public AdsmConfig withBlockSize(long value) {
        return new AdsmConfig(
                protocol,
                value,
                rollingSize,
                strict,
                costModel,
                kernelFaultRecovery,
                gpu,
                timing,
                inferWriteSets,
                checkReach,
                deviceDirtyTracking,
                asyncEviction);
    }

    public AdsmConfig withRollingSize(int value) {
        return new AdsmConfig(
                protocol,
                blockSize,
                value,
                strict,
                costModel,
                kernelFaultRecovery,
                gpu,
                timing,
                inferWriteSets,
                checkReach,
                deviceDirtyTracking,
                asyncEviction);
    }

    public AdsmConfig withStrict(boolean value) {
        return new AdsmConfig(
                protocol,
                blockSize,
                rollingSize,
                value,
                costModel,
                kernelFaultRecovery,
                gpu,
                timing,
                inferWriteSets,
                checkReach,
                deviceDirtyTracking,
                asyncEviction);
    }

    public AdsmConfig withCostModel(TransferCostModel value) {
        return new AdsmConfig(
                protocol,
                blockSize,
                rollingSize,
                strict,
                value,
                kernelFaultRecovery,
                gpu,
                timing,
                inferWriteSets,
                checkReach,
                deviceDirtyTracking,
                asyncEviction);
    }

    public AdsmConfig withKernelFaultRecovery(boolean value) {
        return new AdsmConfig(
                protocol,
                blockSize,
                rollingSize,
                strict,
                costModel,
                value,
                gpu,
                timing,
                inferWriteSets,
                checkReach,
                deviceDirtyTracking,
                asyncEviction);
    }

    public AdsmConfig withGpu(GpuConfig value) {
        return new AdsmConfig(
                protocol,
                blockSize,
                rollingSize,
                strict,
                costModel,
                kernelFaultRecovery,
                value,
                timing,
                inferWriteSets,
                checkReach,
                deviceDirtyTracking,
                asyncEviction);
    }

    /** Calls run under the timing preset {@code preset} (a shipped name or a preset file), or untimed for null. */
    public AdsmConfig withTiming(String preset) {
        return new AdsmConfig(
                protocol,
                blockSize,
                rollingSize,
                strict,
                costModel,
                kernelFaultRecovery,
                gpu,
                preset,
                inferWriteSets,
                checkReach,
                deviceDirtyTracking,
                asyncEviction);
    }

    /** Whether unannotated calls infer their write sets from the kernel's code. */
    public AdsmConfig withInferWriteSets(boolean value) {
        return new AdsmConfig(
                protocol,
                blockSize,
                rollingSize,
                strict,
                costModel,
                kernelFaultRecovery,
                gpu,
                timing,
                value,
                checkReach,
                deviceDirtyTracking,
                asyncEviction);
    }

    /** Whether the software GPU checks each call's exact reach (decision 0116). */
    public AdsmConfig withCheckReach(boolean value) {
        return new AdsmConfig(
                protocol,
                blockSize,
                rollingSize,
                strict,
                costModel,
                kernelFaultRecovery,
                gpu,
                timing,
                inferWriteSets,
                value,
                deviceDirtyTracking,
                asyncEviction);
    }

    /** Whether the software GPU records the blocks each kernel writes (assumed hardware, decision 0116). */
    public AdsmConfig withDeviceDirtyTracking(boolean value) {
        return new AdsmConfig(
                protocol,
                blockSize,
                rollingSize,
                strict,
                costModel,
                kernelFaultRecovery,
                gpu,
                timing,
                inferWriteSets,
                checkReach,
                value,
                asyncEviction);
    }

    /**
     * Whether rolling-update's eager evictions run on the DMA thread (true, the default) or on the evicting thread
     * when decided (false: reproducible byte counts, as the transfer study needs; decision 0120).
     */
    public AdsmConfig withAsyncEviction(boolean value) {
        return new AdsmConfig(
                protocol,
                blockSize,
                rollingSize,
                strict,
                costModel,
                kernelFaultRecovery,
                gpu,
                timing,
                inferWriteSets,
                checkReach,
                deviceDirtyTracking,
                value);
    }

    CoherenceConfig toCoherence() {
        return CoherenceConfig.defaults()
                .withProtocol(protocol.kind())
                .withBlockSize((int) blockSize)
                .withRollingIncrement(rollingSize)
                .withStrict(strict)
                .withCostModel(costModel)
                .withKernelFaultRecovery(kernelFaultRecovery)
                .withAsyncEviction(asyncEviction);
    }
}
