package dev.gmac.gpu.tm;

/**
 * What one transactional warp access did to the logs, for the timing model's transaction log unit (Fung thesis
 * §4.2.4): the read-log and write-log rows it appended (each row a coalesced local-memory write for the whole
 * warp, void entries included), the lanes that read global memory (lanes answered from their own write-log do
 * not), and whether some lane walked its write-log (the whole warp then waits for the walk of every write-log row).
 */
public final class TxAccess {
    /** First read-log row appended by the access. */
    public int readRow;
    /** Read-log rows appended. */
    public int readRows;
    /** First write-log row appended by the access. */
    public int writeRow;
    /** Write-log rows appended. */
    public int writeRows;
    /** Lanes that read global memory. */
    public long globalLanes;
    /** Write-log rows walked because some lane read its own write (0: none). */
    public int walkRows;
    /** The access wrote only to the write-log: the global store it stands for must not reach memory. */
    public boolean buffered;

    void clear(int readRowNow, int writeRowNow) {
        readRow = readRowNow;
        readRows = 0;
        writeRow = writeRowNow;
        writeRows = 0;
        globalLanes = 0;
        walkRows = 0;
        buffered = false;
    }
}
