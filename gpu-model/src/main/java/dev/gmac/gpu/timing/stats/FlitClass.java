package dev.gmac.gpu.timing.stats;

/**
 * What a flit on the interconnect carries, both directions counted (Fung thesis Fig 6.4's breakdown of Kilo TM's
 * traffic): global memory reads and writes, atomics, thread-local memory (spills, and the transaction logs' L1
 * misses and write-backs), the transaction log unit's read-set and write-set packets to the commit units, the
 * transactional protocol's short messages (done/skip, local and final outcomes, retire acknowledgements, CID and
 * resend requests), and everything else (constant and parameter loads).
 */
public enum FlitClass {
    GMEM_READ("GMemRead"),
    GMEM_WRITE("GMemWrite"),
    ATOMIC("AtomicOp"),
    LMEM("LMem"),
    TX_READ_LOG("TxReadLog"),
    TX_WRITE_LOG("TxWriteLog"),
    TX_MSG("TxMsg"),
    OTHER("Other");

    private final String label;

    FlitClass(String label) {
        this.label = label;
    }

    /** The thesis's name of the class. */
    public String label() {
        return label;
    }
}
