package dev.gmac.coherence;

import dev.gmac.coherence.transfer.TransferCostModel;

/**
 * Configuration of a {@link SharedMemoryManager}.
 *
 * @param protocol the coherence protocol (ADSM paper §4.3)
 * @param blockSize rolling-update's block size in bytes: a positive multiple of 8, so no element of a
 *     typed access straddles two blocks (batch- and lazy-update use one block per object)
 * @param rollingIncrement by how many blocks rolling-update's rolling size grows on every allocation (and
 *     shrinks on every free); the paper's default is 2 (§4.3)
 * @param strict whether a host access to an object a kernel in flight may write throws instead of waiting
 * @param costModel the interconnect's cost model for modelled transfer times
 * @param asyncEviction whether rolling-update's eager evictions run on the DMA engine thread (true, the
 *     paper's design) or on the evicting thread right after the decision (false: deterministic timing for
 *     tests and stress tests; the block state transitions are the same)
 * @param directHostMemory whether host copies are direct (off-heap) buffers (true, the default) or heap
 *     buffers (cheap to create in stress tests)
 * @param kernelFaultRecovery whether a call checkpoints, on the accelerator, the blocks that exist only
 *     there, so that after a failed kernel the host-visible data is what it was at the call
 * @param dmaRingSize slots of the DMA engine's ring (a power of two)
 * @param subBlock whether rolling-update objects track valid and dirty byte ranges inside their blocks unless
 *     their hints say otherwise (decision 0113; default true; false is the paper's rolling-update)
 */
public record CoherenceConfig(
        ProtocolKind protocol,
        int blockSize,
        int rollingIncrement,
        boolean strict,
        TransferCostModel costModel,
        boolean asyncEviction,
        boolean directHostMemory,
        boolean kernelFaultRecovery,
        int dmaRingSize,
        boolean subBlock) {

    /** Default block size of rolling-update: 256 KiB (see {@link #defaults()}). */
    public static final int DEFAULT_BLOCK_SIZE = 256 * 1024;

    /** Default growth of the rolling size per allocation: 2 blocks (ADSM paper §4.3). */
    public static final int DEFAULT_ROLLING_INCREMENT = 2;

    public CoherenceConfig {
        if (protocol == null) {
            throw new IllegalArgumentException("protocol must not be null");
        }
        if (blockSize <= 0 || blockSize % 8 != 0) {
            throw new IllegalArgumentException("block size must be a positive multiple of 8 bytes: " + blockSize);
        }
        if (rollingIncrement < 1) {
            throw new IllegalArgumentException("rolling size increment must be >= 1 block: " + rollingIncrement);
        }
        if (costModel == null) {
            throw new IllegalArgumentException("cost model must not be null");
        }
        if (dmaRingSize < 2 || Integer.bitCount(dmaRingSize) != 1) {
            throw new IllegalArgumentException("DMA ring size must be a power of two >= 2: " + dmaRingSize);
        }
    }

    /**
     * Rolling-update, 256 KiB blocks, rolling size growing by 2 blocks per allocation, PCIe 2.0 x16 cost
     * model, asynchronous evictions, direct host memory, kernel-fault recovery on.
     *
     * <p>The block size follows the paper's block-size study (§5.2, Figure 9): 256 KB and 1 MB blocks gave
     * the shortest 3D-stencil times, 32 MB the longest, and small blocks (4 KB) pay many more faults; we take
     * the smaller of the two best sizes because it keeps scattered reads of kernel output cheap.
     */
    public static CoherenceConfig defaults() {
        return new CoherenceConfig(
                ProtocolKind.ROLLING,
                DEFAULT_BLOCK_SIZE,
                DEFAULT_ROLLING_INCREMENT,
                false,
                TransferCostModel.pcie2x16(),
                true,
                true,
                true,
                1024,
                true);
    }

    public CoherenceConfig withProtocol(ProtocolKind value) {
        return new CoherenceConfig(
                value,
                blockSize,
                rollingIncrement,
                strict,
                costModel,
                asyncEviction,
                directHostMemory,
                kernelFaultRecovery,
                dmaRingSize,
                subBlock);
    }

    public CoherenceConfig withBlockSize(int value) {
        return new CoherenceConfig(
                protocol,
                value,
                rollingIncrement,
                strict,
                costModel,
                asyncEviction,
                directHostMemory,
                kernelFaultRecovery,
                dmaRingSize,
                subBlock);
    }

    public CoherenceConfig withRollingIncrement(int value) {
        return new CoherenceConfig(
                protocol,
                blockSize,
                value,
                strict,
                costModel,
                asyncEviction,
                directHostMemory,
                kernelFaultRecovery,
                dmaRingSize,
                subBlock);
    }

    public CoherenceConfig withStrict(boolean value) {
        return new CoherenceConfig(
                protocol,
                blockSize,
                rollingIncrement,
                value,
                costModel,
                asyncEviction,
                directHostMemory,
                kernelFaultRecovery,
                dmaRingSize,
                subBlock);
    }

    public CoherenceConfig withCostModel(TransferCostModel value) {
        return new CoherenceConfig(
                protocol,
                blockSize,
                rollingIncrement,
                strict,
                value,
                asyncEviction,
                directHostMemory,
                kernelFaultRecovery,
                dmaRingSize,
                subBlock);
    }

    public CoherenceConfig withAsyncEviction(boolean value) {
        return new CoherenceConfig(
                protocol,
                blockSize,
                rollingIncrement,
                strict,
                costModel,
                value,
                directHostMemory,
                kernelFaultRecovery,
                dmaRingSize,
                subBlock);
    }

    public CoherenceConfig withDirectHostMemory(boolean value) {
        return new CoherenceConfig(
                protocol,
                blockSize,
                rollingIncrement,
                strict,
                costModel,
                asyncEviction,
                value,
                kernelFaultRecovery,
                dmaRingSize,
                subBlock);
    }

    public CoherenceConfig withKernelFaultRecovery(boolean value) {
        return new CoherenceConfig(
                protocol,
                blockSize,
                rollingIncrement,
                strict,
                costModel,
                asyncEviction,
                directHostMemory,
                value,
                dmaRingSize,
                subBlock);
    }

    public CoherenceConfig withSubBlock(boolean value) {
        return new CoherenceConfig(
                protocol,
                blockSize,
                rollingIncrement,
                strict,
                costModel,
                asyncEviction,
                directHostMemory,
                kernelFaultRecovery,
                dmaRingSize,
                value);
    }

    public CoherenceConfig withDmaRingSize(int value) {
        return new CoherenceConfig(
                protocol,
                blockSize,
                rollingIncrement,
                strict,
                costModel,
                asyncEviction,
                directHostMemory,
                kernelFaultRecovery,
                value,
                subBlock);
    }
}
