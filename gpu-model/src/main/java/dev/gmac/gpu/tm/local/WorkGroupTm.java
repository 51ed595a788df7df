package dev.gmac.gpu.tm.local;

import dev.gmac.gpu.exec.Cta;
import java.util.ArrayList;
import java.util.List;

/**
 * GPU-LocalTM's state for one resident work-group (CTA): its shadow directory, the wavefronts with a running
 * attempt, and the work-group serialisation (WgS) in progress, if any, with the wavefronts stalled at {@code
 * TX_Begin} until it ends (Villegas et al., Euro-Par 2016 Workshops, §3 "Forward Progress").
 */
final class WorkGroupTm {
    final Cta cta;
    final long linearId;
    final ShadowDirectory directory;
    /** Wavefront transactions with a running attempt. */
    final List<WavefrontTx> active = new ArrayList<>();
    /** Wavefronts waiting at TX_Begin for the WgS to end. */
    final List<WavefrontTx> stalled = new ArrayList<>();
    /** The wavefront transaction under work-group serialisation, or null. */
    WavefrontTx serializing;

    WorkGroupTm(Cta cta, Detection detection, Counters counters, ShadowTraffic traffic) {
        this.cta = cta;
        this.linearId = cta.linearId();
        int workItems = cta.warps().size() * cta.warps().get(0).width();
        this.directory = new ShadowDirectory(
                ShadowLayout.of(cta.kernelSharedBytes()),
                detection,
                cta.physicalShared(),
                workItems,
                counters,
                traffic);
    }
}
