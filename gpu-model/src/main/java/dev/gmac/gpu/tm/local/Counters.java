package dev.gmac.gpu.tm.local;

/** The mutable counters behind {@link LocalTmStats}, one set per launch. Confined to the launch's thread. */
final class Counters {
    long started;
    final long[] committed = new long[TxMode.values().length];
    long aborted;
    final long[] conflicts = new long[Action.values().length];
    long wgsRollbacks;
    long livelocks;
    long wfsEntries;
    long wgsEntries;
    long stalls;
    long accesses;
    long ownerChecks;
    long ownerWrites;
    long backups;
    long restores;
    long wavefrontTransactions;
    long wavefrontTransactionsWfs;
    long wavefrontTransactionsWgs;

    LocalTmStats snapshot() {
        return new LocalTmStats(
                started,
                committed[TxMode.TX.ordinal()],
                committed[TxMode.WFS.ordinal()],
                committed[TxMode.WGS.ordinal()],
                aborted,
                conflicts[Action.CONFLICT_READ_READ.ordinal()],
                conflicts[Action.CONFLICT_READ_WRITE.ordinal()],
                conflicts[Action.CONFLICT_WRITE_READ.ordinal()],
                conflicts[Action.CONFLICT_WRITE_WRITE.ordinal()],
                wgsRollbacks,
                livelocks,
                wfsEntries,
                wgsEntries,
                stalls,
                accesses,
                ownerChecks,
                ownerWrites,
                backups,
                restores,
                wavefrontTransactions,
                wavefrontTransactionsWfs,
                wavefrontTransactionsWgs);
    }
}
