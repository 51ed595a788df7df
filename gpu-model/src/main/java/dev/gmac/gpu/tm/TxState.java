package dev.gmac.gpu.tm;

import dev.gmac.gpu.exec.TxScope;

/**
 * A lazy TM model's state for one dynamic transaction of one issue group ({@link TxScope#tmState}): a {@link
 * LaneLog} per lane, the rows the attempt's logs occupy, the watchdog's instruction count, whether the warp holds a
 * concurrency-control slot, the lanes that aborted and may retry, and the commit in flight.
 */
final class TxState {
    final TxScope scope;
    final LaneLog[] lanes;
    /** Read-log and write-log rows of the current attempt (shared by its lanes: one row per warp access). */
    int readRows;

    int writeRows;
    /** The current warp access and the rows it started at. */
    int accessSeq = -1;

    int accessReadBase;
    int accessWriteBase;
    /** Warp instructions since the attempt started or the watchdog last checked. */
    int instructions;
    /** The group entered a transaction (its dynamic tx.begin counted). */
    boolean started;
    /** The warp holds one of its core's transaction-warp slots (concurrency control). */
    boolean admitted;
    /** When the warp first asked for admission (timing: core cycle), for the TC thread state. */
    long admissionAsked = -1;
    /** Lanes that aborted and have not restarted yet (only they may re-execute). */
    long aborted;
    /** Lanes the model doomed (a committer's conflict, a failed forced validation, a sandboxed fault). */
    long doomed;
    /** The commit handed to the timing model, until it is decided. */
    WarpCommit pending;
    /** What the last warp access did, for the timing model's log-unit traffic. */
    final TxAccess access = new TxAccess();
    /**
     * What turns the logs' device addresses into physical ones for the hardware's hash tables (the device's {@code
     * GlobalMemory.physicalOffset()}; 0 without a device), so conflicts of aliasing entries do not depend on the range
     * of addresses the process gave the device (decision 0112).
     */
    long physicalOffset;

    TxState(TxScope scope, int width) {
        this.scope = scope;
        this.lanes = new LaneLog[width];
        for (int i = 0; i < width; i++) {
            lanes[i] = new LaneLog();
        }
    }

    /** The log row of the next read entry of {@code log} in the current access. */
    int readRow(LaneLog log) {
        enter(log);
        int row = accessReadBase + log.accessElement;
        log.accessElement++;
        if (row + 1 > readRows) {
            access.readRows += row + 1 - readRows;
            readRows = row + 1;
        }
        return row;
    }

    /** The log row of the next write entry of {@code log} in the current access. */
    int writeRow(LaneLog log) {
        enter(log);
        int row = accessWriteBase + log.writeElement;
        log.writeElement++;
        if (row + 1 > writeRows) {
            access.writeRows += row + 1 - writeRows;
            writeRows = row + 1;
        }
        return row;
    }

    private void enter(LaneLog log) {
        if (log.accessSeq != accessSeq) {
            log.accessSeq = accessSeq;
            log.accessElement = 0;
            log.writeElement = 0;
        }
    }
}
