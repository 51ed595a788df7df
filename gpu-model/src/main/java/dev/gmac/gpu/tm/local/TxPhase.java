package dev.gmac.gpu.tm.local;

/**
 * Where a wavefront spends its time, for the execution breakdown of Villegas et al., Euro-Par 2016 Workshops, §5,
 * Fig 6: each interval between two issues of a wavefront is charged to what the first of them was.
 */
public enum TxPhase {
    /** Outside any transaction. */
    NON_TX("non-transactional"),
    /** {@code TX_Begin} (and the restart of a retry). */
    TX_BEGIN("TX_Begin"),
    /** {@code TX_Commit}. */
    TX_COMMIT("TX_Commit"),
    /** Memory instructions inside a transaction, with conflict detection and version management. */
    TX_MEMORY("TX memory"),
    /** Other instructions inside a transaction. */
    TX_COMPUTE("TX compute"),
    /** Waiting at {@code TX_Begin} while another wavefront runs under work-group serialisation. */
    SERIAL_WAIT("WgS wait");

    private final String label;

    TxPhase(String label) {
        this.label = label;
    }

    /** A short label for tables and plots. */
    public String label() {
        return label;
    }
}
