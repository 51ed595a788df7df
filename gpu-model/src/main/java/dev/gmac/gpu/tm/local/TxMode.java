package dev.gmac.gpu.tm.local;

/**
 * The execution mode of a wavefront's transaction attempt (Villegas et al., Euro-Par 2016 Workshops, §3 "Forward
 * Progress"): normal transactional SIMT execution, then, once a livelock is detected, wavefront serialisation (one
 * work-item of the wavefront runs) and, if that work-item still conflicts, work-group serialisation (it runs alone in
 * the work-group while every other wavefront's transaction is rolled back and stalled at {@code TX_Begin}).
 */
public enum TxMode {
    /** Normal transactional execution: every work-item of the retry set runs. */
    TX("TX"),
    /** Wavefront serialisation: one work-item of the wavefront runs. */
    WFS("WfS"),
    /** Work-group serialisation: one work-item of the work-group runs transactionally. */
    WGS("WgS");

    private final String label;

    TxMode(String label) {
        this.label = label;
    }

    /** The paper's name for the mode (TX, WfS, WgS). */
    public String label() {
        return label;
    }
}
