package dev.gmac.gpu.tm;

import dev.gmac.gpu.exec.TxScope;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code ideal}: the thesis's Ideal TM limit study (Fung thesis §4.1, digest §3.1): conflict detection costs
 * nothing, a committing transaction instantly aborts every running transaction that read a word it writes (word
 * granularity, committer wins), and its write-set reaches memory in one cycle; aborted transactions re-execute, so
 * re-execution is modelled. Writes are buffered until commit (lazy versioning) and cost no memory traffic; reads go
 * to memory. A running transaction is never doomed for long: since any transaction whose reads were overwritten is
 * aborted at once, the reads of a live one always form a consistent snapshot, and a commit needs no validation.
 */
public final class IdealTm extends LazyTm {
    private record Reader(TxState st, int lane, long attempt) {}

    private final Map<Long, List<Reader>> readers = new HashMap<>();

    @Override
    public String name() {
        return "ideal";
    }

    @Override
    public boolean logsInLocalMemory() {
        return false;
    }

    @Override
    protected void onRead(TxState st, LaneLog log, int lane, long addr, int size) {
        long attempt = log.attemptId;
        for (long w = addr >>> 2; w <= (addr + size - 1) >>> 2; w++) {
            readers.computeIfAbsent(w, k -> new ArrayList<>()).add(new Reader(st, lane, attempt));
        }
    }

    @Override
    public boolean commit(TxScope scope, long lanes) {
        TxState st = state(scope);
        long failed = doomed(st, lanes);
        long ok = 0;
        for (long m = lanes & ~failed; m != 0; m &= m - 1) {
            int lane = Long.numberOfTrailingZeros(m);
            LaneLog log = st.lanes[lane];
            if (log.doomed) {
                continue; // an earlier lane of this warp committed a write it had read
            }
            long me = log.attemptId;
            for (int i = 0; i < log.writes; i++) {
                long a = log.writeAddr[i];
                for (long w = a >>> 2; w <= (a + log.writeSize[i] - 1) >>> 2; w++) {
                    doomReaders(w, st, lane, me);
                }
            }
            writeAll(log);
            recordCommit(scope, log, lane, nextCid++, nextCid);
            ok |= 1L << lane;
        }
        finish(scope, st, lanes, ok);
        return true;
    }

    private void doomReaders(long word, TxState self, int selfLane, long selfAttempt) {
        List<Reader> list = readers.remove(word);
        if (list == null) {
            return;
        }
        for (Reader r : list) {
            if (r.st == self && r.lane == selfLane && r.attempt == selfAttempt) {
                continue;
            }
            LaneLog log = r.st.lanes[r.lane];
            if (log.attemptId != r.attempt || log.doomed) {
                continue; // that attempt is over
            }
            log.doomed = true;
            r.st.doomed |= 1L << r.lane;
            counters.conflictAborts++;
        }
    }
}
