package dev.gmac.gpu.tm;

/**
 * What a lazy TM model counted during a launch (the TM columns of Fung thesis Table 4.3 and Table 6.4): commits and
 * aborts by cause, silent commits, read-set and write-set sizes of committed transactions, the most transactions
 * running at once, forced validations and sandboxed faults. Lane-transactions: a lane that aborts twice and then
 * commits counts two aborts and one commit. Mutable; read it after the launch.
 */
public final class TmCounters {
    /** Lane-transactions committed (silent commits included). */
    public long commits;
    /** Of {@link #commits}, read-only transactions committed silently by temporal conflict detection. */
    public long silentCommits;
    /** Attempts started. */
    public long attempts;
    /** Aborts because value validation failed (at the commit units, or at an instant commit). */
    public long validationAborts;
    /** Aborts of lanes the watchdog's forced validation found doomed. */
    public long watchdogAborts;
    /** Aborts of lanes whose fault inside the transaction was sandboxed. */
    public long sandboxAborts;
    /** Aborts by intra-warp conflict resolution (WarpTM). */
    public long intraWarpAborts;
    /** Aborts of lanes a committer doomed (Ideal TM). */
    public long conflictAborts;
    /** Forced validations the watchdog ran. */
    public long watchdogChecks;
    /** Faults inside transactions that the sandbox caught. */
    public long sandboxedFaults;
    /** Transactional loads answered from the lane's own write-log (a write-log walk). */
    public long ownWriteReads;
    /** Sum and maximum of read-set words over committed transactions. */
    public long readWords;

    public int maxReadWords;
    /** Sum and maximum of write-set words over committed transactions. */
    public long writeWords;

    public int maxWriteWords;
    /** The most aborts one dynamic transaction suffered before it committed. */
    public int maxAbortsPerTx;
    /** Lanes running an attempt now, and the most at once. */
    public long running;

    public long maxRunning;

    /** Every abort, whatever its cause. */
    public long aborts() {
        return validationAborts + watchdogAborts + sandboxAborts + intraWarpAborts + conflictAborts;
    }

    void committed(LaneLog log, boolean silent) {
        commits++;
        maxAbortsPerTx = Math.max(maxAbortsPerTx, log.aborts);
        if (silent) {
            silentCommits++;
        }
        int r = log.readWords();
        int w = log.writeWords();
        readWords += r;
        writeWords += w;
        maxReadWords = Math.max(maxReadWords, r);
        maxWriteWords = Math.max(maxWriteWords, w);
    }

    void started(int lanes) {
        attempts += lanes;
        running += lanes;
        maxRunning = Math.max(maxRunning, running);
    }

    void ended(int lanes) {
        running -= lanes;
    }
}
