package dev.gmac.gpu.tm.local;

/**
 * What a GPU-LocalTM launch counted (Villegas et al., Euro-Par 2016 Workshops, §5: the commit ratio of Fig 7 and the
 * transaction modes of Fig 8 come from these). Transactions are counted per work-item: a wavefront attempt of 40
 * work-items starts 40 transactions. The paper's §3 also speaks of a wavefront's transaction (the dynamic {@code
 * TX_Begin}..{@code TX_Commit} of one wavefront, all its work-items and retries), whose mode WfS and WgS are
 * ("the transaction is retried a third time but ... only one of the active bits is reset"); the last three counters
 * count those, for the other reading of Fig 8 ({@link #wavefrontShare}; docs/decisions/0353).
 *
 * @param started          transaction attempts started (first executions and retries)
 * @param committedTx      transactions committed in normal transactional mode
 * @param committedWfs     transactions committed under wavefront serialisation
 * @param committedWgs     transactions committed under work-group serialisation
 * @param aborted          attempts aborted (a conflict, or rolled back when another wavefront entered WgS)
 * @param readRead         DCD conflicts between two reads
 * @param readWrite        conflicts of a read with another work-item's write
 * @param writeRead        conflicts of a write with other work-items' reads
 * @param writeWrite       conflicts of a write with another work-item's write
 * @param wgsRollbacks     attempts of other wavefronts rolled back when a wavefront entered WgS
 * @param livelocks        livelocks detected (the TCM unchanged after two consecutive re-executions)
 * @param wfsEntries       attempts run under wavefront serialisation
 * @param wgsEntries       attempts run under work-group serialisation
 * @param stalls           wavefronts stalled at {@code TX_Begin} while another ran under WgS
 * @param accesses         transactional local-memory word accesses
 * @param ownerChecks      ownership words read to compare an owner
 * @param ownerWrites      owner bytes written
 * @param backups          words backed up
 * @param restores         words restored from their backups on abort
 * @param wavefrontTransactions    wavefront transactions (one per wavefront per dynamic {@code TX_Begin})
 * @param wavefrontTransactionsWfs wavefront transactions that ran at least one attempt under WfS
 * @param wavefrontTransactionsWgs wavefront transactions that ran at least one attempt under WgS (each also ran
 *     under WfS first)
 */
public record LocalTmStats(
        long started,
        long committedTx,
        long committedWfs,
        long committedWgs,
        long aborted,
        long readRead,
        long readWrite,
        long writeRead,
        long writeWrite,
        long wgsRollbacks,
        long livelocks,
        long wfsEntries,
        long wgsEntries,
        long stalls,
        long accesses,
        long ownerChecks,
        long ownerWrites,
        long backups,
        long restores,
        long wavefrontTransactions,
        long wavefrontTransactionsWfs,
        long wavefrontTransactionsWgs) {
    /** Transactions committed in any mode. */
    public long committed() {
        return committedTx + committedWfs + committedWgs;
    }

    /** Committed over started (Fig 7); 1 when nothing started. */
    public double commitRatio() {
        return started == 0 ? 1.0 : (double) committed() / started;
    }

    /** Committed transactions of {@code mode}. */
    public long committed(TxMode mode) {
        switch (mode) {
            case TX:
                return committedTx;
            case WFS:
                return committedWfs;
            default:
                return committedWgs;
        }
    }

    /** The share of committed transactions that committed in {@code mode} (Fig 8); 0 when none committed. */
    public double share(TxMode mode) {
        long c = committed();
        return c == 0 ? 0 : (double) committed(mode) / c;
    }

    /** Conflicts of every kind. */
    public long conflicts() {
        return readRead + readWrite + writeRead + writeWrite;
    }

    /**
     * The share of wavefront transactions whose highest mode was {@code mode} (Fig 8 read per wavefront
     * transaction: WgS, else WfS, else TX); 0 when there were none.
     */
    public double wavefrontShare(TxMode mode) {
        if (wavefrontTransactions == 0) {
            return 0;
        }
        long n =
                switch (mode) {
                    case TX -> wavefrontTransactions - wavefrontTransactionsWfs;
                    case WFS -> wavefrontTransactionsWfs - wavefrontTransactionsWgs;
                    case WGS -> wavefrontTransactionsWgs;
                };
        return (double) n / wavefrontTransactions;
    }
}
