package dev.gmac.coherence;

import dev.gmac.coherence.transfer.TransferEngine;

/**
 * Lazy-update (ADSM paper §4.3): the detecting state machine at object granularity. Only objects the host
 * wrote go to the accelerator at a call, and only objects the host reads after a call come back, whole.
 */
public final class LazyUpdate extends DetectingProtocol {

    public LazyUpdate(TransferEngine transfers, CoherenceConfig config) {
        super(transfers, config);
    }

    @Override
    public ProtocolKind kind() {
        return ProtocolKind.LAZY;
    }

    @Override
    public int blockSizeFor(long objectBytes) {
        return (int) objectBytes;
    }
}
