package dev.gmac.gpu.timing.config;

/** The order in which a DRAM channel serves its request queue (Fung thesis Tables 3.2, 4.4, 6.1). */
public enum DramSchedulerPolicy {
    /** First-ready, first-come-first-served: the oldest request that hits an open row goes first. */
    FR_FCFS("fr-fcfs"),
    /** Strict arrival order. */
    FCFS("fcfs");

    private final String token;

    DramSchedulerPolicy(String token) {
        this.token = token;
    }

    /** The spelling used in preset files. */
    public String token() {
        return token;
    }
}
