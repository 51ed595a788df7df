package dev.gmac.stress.coherence;

import dev.gmac.coherence.CoherenceConfig;
import dev.gmac.coherence.ProtocolKind;
import dev.gmac.coherence.SharedMemoryManager;
import dev.gmac.coherence.SharedObject;
import dev.gmac.coherence.accel.InMemoryAccelerator;

/** Builds the small runtimes the coherence stress tests race on. */
final class CoherenceFixtures {
    private CoherenceFixtures() {}

    /**
     * Rolling-update over 8-byte whole blocks (the paper's protocol: no sub-block ranges, which {@code
     * SubBlockRangeRaces} covers), rolling size growing by {@code increment} per allocation.
     */
    static SharedMemoryManager rolling(InMemoryAccelerator device, int increment) {
        CoherenceConfig config = CoherenceConfig.defaults()
                .withProtocol(ProtocolKind.ROLLING)
                .withBlockSize(8)
                .withRollingIncrement(increment)
                .withAsyncEviction(false)
                .withDirectHostMemory(false)
                .withKernelFaultRecovery(false)
                .withSubBlock(false);
        return new SharedMemoryManager(device, config);
    }

    /** The accelerator's copy of byte {@code offset} of {@code object}. */
    static byte deviceByte(InMemoryAccelerator device, SharedObject object, int offset) {
        return device.view(object.deviceAddress(), (int) object.byteSize()).get(offset);
    }
}
