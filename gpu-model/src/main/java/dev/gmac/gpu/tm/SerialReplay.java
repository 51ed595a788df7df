package dev.gmac.gpu.tm;

import dev.gmac.gpu.exec.GlobalMemory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.LongUnaryOperator;

/**
 * The correctness harness's checker (Fung thesis Ch5; digest §4.5, invariants 1, 4, 5 and 8): replays a {@link
 * TxJournal}'s committed transactions serially in commit-ID order from the memory before the launch and asserts
 *
 * <ol>
 *   <li>every read of every committed transaction returns, at its place in the serial order, the value the
 *       transaction saw (serializability in CID order, and validation against a consistent view: Theorem 2);
 *   <li>the replay's final value of every word a transaction wrote is the simulated final memory (atomicity: no
 *       write of a failed transaction reached memory, nothing was lost);
 *   <li>commit IDs are unique;
 *   <li>each thread committed exactly once per dynamic transaction it started (and, when the caller knows them, as
 *       many as it should have), every attempt ended in one commit or one abort, and no lane re-executed without
 *       having aborted;
 *   <li>every silent read-only commit (temporal conflict detection, which the thesis's proof does not cover) is
 *       serializable: there is an order of the committed transactions, equivalent to CID order under their
 *       conflicts, with a point where all its reads hold. This is the invariant the thesis's open TCD gap breaks.
 * </ol>
 *
 * <p>Memory is modelled per 4-byte word; accesses of 1, 2 and 8 bytes are composed from words.
 */
public final class SerialReplay {
    /** A read-only view of memory. */
    @FunctionalInterface
    public interface Memory {
        /** The {@code size}-byte little-endian value at {@code addr}, zero-extended. */
        long read(long addr, int size);
    }

    /** Current device memory. */
    public static Memory live(GlobalMemory memory) {
        return (addr, size) -> read(memory.view(addr, size, "serial replay"), size);
    }

    /** A copy of the whole allocations starting at {@code allocations}, taken now (before a launch). */
    public static Memory snapshot(GlobalMemory memory, long... allocations) {
        TreeMap<Long, ByteBuffer> copies = new TreeMap<>();
        for (long base : allocations) {
            long n = memory.allocationSize(base);
            ByteBuffer copy = ByteBuffer.allocate((int) n).order(ByteOrder.LITTLE_ENDIAN);
            memory.copyOut(base, copy);
            copies.put(base, copy);
        }
        return (addr, size) -> {
            Map.Entry<Long, ByteBuffer> e = copies.floorEntry(addr);
            if (e == null || addr + size - e.getKey() > e.getValue().capacity()) {
                throw new IllegalArgumentException("serial replay: address 0x" + Long.toHexString(addr)
                        + " is in no allocation of the snapshot; pass it to SerialReplay.snapshot");
            }
            ByteBuffer b = e.getValue().duplicate().order(ByteOrder.LITTLE_ENDIAN);
            b.position((int) (addr - e.getKey()));
            return read(b.slice().order(ByteOrder.LITTLE_ENDIAN), size);
        };
    }

    private static long read(ByteBuffer b, int size) {
        switch (size) {
            case 1:
                return b.get(0) & 0xFFL;
            case 2:
                return b.getShort(0) & 0xFFFFL;
            case 4:
                return b.getInt(0) & 0xFFFFFFFFL;
            default:
                return b.getLong(0);
        }
    }

    /** What the check found: no errors means the journal is correct. */
    public record Report(List<String> errors, int commits, int silentCommits, int reorderedSilent) {
        /** True when nothing is wrong. */
        public boolean ok() {
            return errors.isEmpty();
        }

        @Override
        public String toString() {
            return ok()
                    ? "serial replay: " + commits + " commits (" + silentCommits + " silent) consistent"
                    : "serial replay found " + errors.size() + " problems, first: "
                            + String.join("\n", errors.subList(0, Math.min(10, errors.size())));
        }
    }

    private static final int MAX_ERRORS = 50;

    private final TxJournal journal;
    private final Memory initial;
    private final List<String> errors = new ArrayList<>();
    private final Map<Long, Integer> words = new HashMap<>();
    /** Per word, the commits (index in CID order) that wrote it and the word's value after each. */
    private final Map<Long, List<long[]>> history = new HashMap<>();
    /** Per word, the commits that accessed it: index << 1 | (1 when written). */
    private final Map<Long, List<Integer>> accessors = new HashMap<>();

    private List<TxJournal.Commit> ordered;
    private int reordered;

    private SerialReplay(TxJournal journal, Memory initial) {
        this.journal = journal;
        this.initial = initial;
    }

    /**
     * Checks {@code journal} against the memory before ({@code initial}) and after ({@code fin}) the launch.
     * {@code expectedTransactions} gives the dynamic transactions each global thread index should have started
     * (null: not checked).
     */
    public static Report check(
            TxJournal journal, Memory initial, Memory fin, LongUnaryOperator expectedTransactions, long threads) {
        SerialReplay r = new SerialReplay(journal, initial);
        r.run(fin, expectedTransactions, threads);
        int silent = (int)
                journal.commits().stream().filter(TxJournal.Commit::silent).count();
        return new Report(List.copyOf(r.errors), journal.commits().size(), silent, r.reordered);
    }

    private void error(String s) {
        if (errors.size() < MAX_ERRORS) {
            errors.add(s);
        }
    }

    private void run(Memory fin, LongUnaryOperator expected, long threads) {
        for (String v : journal.violations()) {
            error(v);
        }
        ordered = new ArrayList<>();
        List<TxJournal.Commit> silent = new ArrayList<>();
        for (TxJournal.Commit c : journal.commits()) {
            (c.silent() ? silent : ordered).add(c);
        }
        ordered.sort(Comparator.comparingLong(TxJournal.Commit::cid));
        for (int i = 1; i < ordered.size(); i++) {
            if (ordered.get(i).cid() == ordered.get(i - 1).cid()) {
                error("commit ID " + ordered.get(i).cid() + " given to two transactions");
            }
        }
        for (int i = 0; i < ordered.size(); i++) {
            TxJournal.Commit c = ordered.get(i);
            for (int k = 0; k < c.readAddr().length; k++) {
                long now = read(c.readAddr()[k], c.readSize()[k]);
                if (now != c.readValue()[k]) {
                    error("CID " + c.cid() + " (thread " + c.thread() + ") read 0x" + Long.toHexString(c.readValue()[k])
                            + " at 0x" + Long.toHexString(c.readAddr()[k]) + " but the serial replay has 0x"
                            + Long.toHexString(now) + " there");
                }
                note(c.readAddr()[k], c.readSize()[k], i, false);
            }
            for (int k = 0; k < c.writeAddr().length; k++) {
                write(c.writeAddr()[k], c.writeSize()[k], c.writeValue()[k]);
                note(c.writeAddr()[k], c.writeSize()[k], i, true);
            }
            for (int k = 0; k < c.writeAddr().length; k++) {
                long a = c.writeAddr()[k];
                for (long w = a >>> 2; w <= (a + c.writeSize()[k] - 1) >>> 2; w++) {
                    List<long[]> h = history.computeIfAbsent(w, x -> new ArrayList<>());
                    long value = words.get(w) & 0xFFFFFFFFL;
                    if (!h.isEmpty() && h.get(h.size() - 1)[0] == i) {
                        h.get(h.size() - 1)[1] = value;
                    } else {
                        h.add(new long[] {i, value});
                    }
                }
            }
        }
        for (Map.Entry<Long, Integer> e : words.entrySet()) {
            long addr = e.getKey() << 2;
            long actual = fin.read(addr, 4);
            if (actual != (e.getValue() & 0xFFFFFFFFL)) {
                error("final memory at 0x" + Long.toHexString(addr) + " is 0x" + Long.toHexString(actual)
                        + " but the serial replay of the committed transactions gives 0x"
                        + Long.toHexString(e.getValue() & 0xFFFFFFFFL));
            }
        }
        for (TxJournal.Commit s : silent) {
            checkSilent(s);
        }
        checkThreads(expected, threads);
    }

    // ------------------------------------------------------------------ replay memory

    private long word(long w) {
        Integer v = words.get(w);
        return v != null ? v & 0xFFFFFFFFL : initial.read(w << 2, 4);
    }

    private long read(long addr, int size) {
        long v = 0;
        for (int b = 0; b < size; b++) {
            long a = addr + b;
            long byteVal = (word(a >>> 2) >>> (8 * (a & 3))) & 0xFF;
            v |= byteVal << (8 * b);
        }
        return v;
    }

    private void write(long addr, int size, long value) {
        for (int b = 0; b < size; b++) {
            long a = addr + b;
            long w = a >>> 2;
            long old = word(w);
            int shift = (int) (8 * (a & 3));
            long nv = (old & ~(0xFFL << shift)) | (((value >>> (8 * b)) & 0xFF) << shift);
            words.put(w, (int) nv);
        }
    }

    private void note(long addr, int size, int index, boolean write) {
        for (long w = addr >>> 2; w <= (addr + size - 1) >>> 2; w++) {
            List<Integer> l = accessors.computeIfAbsent(w, x -> new ArrayList<>());
            int tag = index << 1 | (write ? 1 : 0);
            if (l.isEmpty() || l.get(l.size() - 1) >> 1 != index) {
                l.add(tag);
            } else if (write) {
                l.set(l.size() - 1, tag);
            }
        }
    }

    // ------------------------------------------------------------------ silent read-only commits

    /** The value of word {@code w} in the state after the first {@code p} commits of the CID order. */
    private long valueAt(long w, int p) {
        List<long[]> h = history.get(w);
        long v = initial.read(w << 2, 4);
        if (h != null) {
            for (long[] e : h) {
                if (e[0] < p) {
                    v = e[1];
                } else {
                    break;
                }
            }
        }
        return v;
    }

    /**
     * The intervals {@code [from, to)} of states (after the first p commits) in which word {@code w} holds bytes
     * {@code mask} equal to {@code expect}; each as {from, to, writer that starts it or -1, writer that ends it or -1}.
     */
    private List<int[]> intervals(long w, long expect, long mask) {
        List<long[]> h = history.getOrDefault(w, List.of());
        List<int[]> out = new ArrayList<>();
        int n = ordered.size();
        long v = initial.read(w << 2, 4);
        int start = 0;
        int starter = -1;
        for (long[] e : h) {
            if ((v & mask) == (expect & mask)) {
                out.add(new int[] {start, (int) e[0] + 1, starter, (int) e[0]});
            }
            v = e[1];
            start = (int) e[0] + 1;
            starter = (int) e[0];
        }
        if ((v & mask) == (expect & mask)) {
            out.add(new int[] {start, n + 1, starter, -1});
        }
        return out;
    }

    private void checkSilent(TxJournal.Commit s) {
        if (s.writeAddr().length > 0) {
            error("thread " + s.thread() + " committed silently but wrote memory");
            return;
        }
        // the words read, with the byte mask read and the value seen
        Map<Long, long[]> seen = new HashMap<>();
        for (int k = 0; k < s.readAddr().length; k++) {
            long addr = s.readAddr()[k];
            for (int b = 0; b < s.readSize()[k]; b++) {
                long a = addr + b;
                long[] e = seen.computeIfAbsent(a >>> 2, x -> new long[2]);
                int shift = (int) (8 * (a & 3));
                long byteVal = (s.readValue()[k] >>> (8 * b)) & 0xFF;
                if ((e[1] & (0xFFL << shift)) != 0 && ((e[0] >>> shift) & 0xFF) != byteVal) {
                    error("silent commit of thread " + s.thread() + " read two values of the byte at 0x"
                            + Long.toHexString(a));
                    return;
                }
                e[0] |= byteVal << shift;
                e[1] |= 0xFFL << shift;
            }
        }
        List<List<int[]>> choices = new ArrayList<>();
        int lo = 0;
        int hi = ordered.size() + 1;
        for (Map.Entry<Long, long[]> e : seen.entrySet()) {
            List<int[]> iv = intervals(e.getKey(), e.getValue()[0], e.getValue()[1]);
            if (iv.isEmpty()) {
                error("silent commit of thread " + s.thread() + " read 0x" + Long.toHexString(e.getValue()[0])
                        + " at word 0x" + Long.toHexString(e.getKey() << 2) + ", a value no committed state has");
                return;
            }
            choices.add(iv);
        }
        // a point of the CID order where every read holds?
        if (prefixPoint(choices)) {
            return;
        }
        // else an order equivalent under conflicts: try the combinations of intervals
        int[] pick = new int[choices.size()];
        int tried = 0;
        while (tried++ < 4096) {
            if (feasible(choices, pick)) {
                reordered++;
                return;
            }
            int i = 0;
            while (i < pick.length && ++pick[i] == choices.get(i).size()) {
                pick[i++] = 0;
            }
            if (i == pick.length) {
                break;
            }
        }
        error("silent read-only commit of thread " + s.thread() + " (snapshot time " + s.time()
                + ") is not serializable: its reads mix states before and after a committed transaction (a partial"
                + " write-back, the temporal-conflict-detection gap)");
    }

    private static boolean prefixPoint(List<List<int[]>> choices) {
        // intersect unions of intervals: sweep candidate starts
        Set<Integer> starts = new HashSet<>();
        for (List<int[]> l : choices) {
            for (int[] iv : l) {
                starts.add(iv[0]);
            }
        }
        for (int p : starts) {
            boolean all = true;
            for (List<int[]> l : choices) {
                boolean in = false;
                for (int[] iv : l) {
                    in |= iv[0] <= p && p < iv[1];
                }
                all &= in;
            }
            if (all) {
                return true;
            }
        }
        return false;
    }

    /** True when some order equivalent to CID order puts every chosen writer before, every ending writer after. */
    private boolean feasible(List<List<int[]>> choices, int[] pick) {
        Set<Integer> before = new HashSet<>();
        Set<Integer> after = new HashSet<>();
        int maxBefore = -1;
        for (int i = 0; i < pick.length; i++) {
            int[] iv = choices.get(i).get(pick[i]);
            if (iv[2] >= 0) {
                before.add(iv[2]);
                maxBefore = Math.max(maxBefore, iv[2]);
            }
            if (iv[3] >= 0) {
                after.add(iv[3]);
            }
        }
        for (int b : before) {
            if (after.contains(b)) {
                return false;
            }
        }
        // forward closure of the "after" set, up to the latest "before" writer
        ArrayDeque<Integer> work = new ArrayDeque<>(after);
        Set<Integer> reached = new HashSet<>(after);
        while (!work.isEmpty()) {
            int t = work.poll();
            if (t > maxBefore) {
                continue;
            }
            TxJournal.Commit c = ordered.get(t);
            for (long w : wordsOf(c)) {
                for (int tag : accessors.getOrDefault(w, List.of())) {
                    int j = tag >> 1;
                    if (j <= t || reached.contains(j)) {
                        continue;
                    }
                    boolean tWrites = writes(c, w);
                    if (tWrites || (tag & 1) != 0) {
                        if (before.contains(j)) {
                            return false;
                        }
                        reached.add(j);
                        work.add(j);
                    }
                }
            }
        }
        return true;
    }

    private static Set<Long> wordsOf(TxJournal.Commit c) {
        Set<Long> s = new HashSet<>();
        for (int k = 0; k < c.readAddr().length; k++) {
            for (long w = c.readAddr()[k] >>> 2; w <= (c.readAddr()[k] + c.readSize()[k] - 1) >>> 2; w++) {
                s.add(w);
            }
        }
        for (int k = 0; k < c.writeAddr().length; k++) {
            for (long w = c.writeAddr()[k] >>> 2; w <= (c.writeAddr()[k] + c.writeSize()[k] - 1) >>> 2; w++) {
                s.add(w);
            }
        }
        return s;
    }

    private static boolean writes(TxJournal.Commit c, long w) {
        for (int k = 0; k < c.writeAddr().length; k++) {
            if (c.writeAddr()[k] >>> 2 <= w && w <= (c.writeAddr()[k] + c.writeSize()[k] - 1) >>> 2) {
                return true;
            }
        }
        return false;
    }

    // ------------------------------------------------------------------ threads

    private void checkThreads(LongUnaryOperator expected, long threads) {
        for (Map.Entry<Long, TxJournal.ThreadCounts> e : journal.threads().entrySet()) {
            TxJournal.ThreadCounts t = e.getValue();
            if (t.commits != t.started) {
                error("thread " + e.getKey() + " started " + t.started + " transactions but committed " + t.commits);
            }
            if (t.attempts != t.aborts + t.commits) {
                error("thread " + e.getKey() + " made " + t.attempts + " attempts but " + t.aborts + " aborted and "
                        + t.commits + " committed");
            }
        }
        if (expected != null) {
            for (long th = 0; th < threads; th++) {
                TxJournal.ThreadCounts t = journal.threads().get(th);
                long want = expected.applyAsLong(th);
                long got = t == null ? 0 : t.commits;
                if (got != want) {
                    error("thread " + th + " committed " + got + " transactions; it should have committed " + want);
                }
            }
        }
    }
}
