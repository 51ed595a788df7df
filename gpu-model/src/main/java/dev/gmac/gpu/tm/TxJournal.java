package dev.gmac.gpu.tm;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A record of everything a TM model committed (Kilo TM's lazy models; GPU-LocalTM's eager ones), for the correctness harness (Fung thesis Ch5; digest §4.5):
 * each committed transaction with its commit ID, thread, the reads it validated (address, size, value seen) and
 * the writes it made, in log order; and per thread the dynamic transactions started, the attempts and the aborts,
 * so a checker can assert that each lane commits exactly once per dynamic {@code tx.begin} and that only aborted
 * lanes re-execute. {@link SerialReplay} checks a journal. Off unless a model is given one (it costs memory). The
 * recording methods ({@link #started}, {@link #attempt}, {@link #aborted}, {@link #committed}, {@link #violation}) are
 * for the TM models, in {@code tm} and {@code tm.local}.
 */
public final class TxJournal {
    /**
     * One committed transaction.
     *
     * @param cid    commit ID (commit order); -1 for a silent read-only commit (temporal conflict detection),
     *               which has none
     * @param thread the global linear thread index (CTA linear id × threads per CTA + thread index in the CTA)
     * @param time   when it committed (its first read for a silent commit): simulated cycles, or the model's
     *               logical clock
     */
    public record Commit(
            long cid,
            long thread,
            long[] readAddr,
            int[] readSize,
            long[] readValue,
            long[] writeAddr,
            int[] writeSize,
            long[] writeValue,
            long time) {
        /** True for a silent read-only commit. */
        public boolean silent() {
            return cid < 0;
        }
    }

    /** Per-thread counts. */
    public static final class ThreadCounts {
        /** Dynamic transactions the thread started (tx.begin executed). */
        public int started;
        /** Attempts (first runs and retries). */
        public int attempts;
        /** Aborted attempts. */
        public int aborts;
        /** Commits. */
        public int commits;
    }

    private final List<Commit> commits = new ArrayList<>();
    private final Map<Long, ThreadCounts> threads = new HashMap<>();
    private final List<String> violations = new ArrayList<>();

    ThreadCounts counts(long thread) {
        return threads.computeIfAbsent(thread, t -> new ThreadCounts());
    }

    /** Recording: {@code thread} started a dynamic transaction (its first attempt). */
    public void started(long thread) {
        counts(thread).started++;
    }

    /** Recording: {@code thread} began an attempt (first run or retry). */
    public void attempt(long thread) {
        counts(thread).attempts++;
    }

    /** Recording: an attempt of {@code thread} aborted. */
    public void aborted(long thread) {
        counts(thread).aborts++;
    }

    /** Recording: a transaction committed. */
    public void committed(Commit c) {
        commits.add(c);
        counts(c.thread()).commits++;
    }

    /** Recording: a protocol violation the model noticed. */
    public void violation(String message) {
        violations.add(message);
    }

    /** The committed transactions, in the order they were recorded. */
    public List<Commit> commits() {
        return Collections.unmodifiableList(commits);
    }

    /** Per-thread counts, by global thread index. */
    public Map<Long, ThreadCounts> threads() {
        return Collections.unmodifiableMap(threads);
    }

    /** Protocol violations the model itself noticed (a lane re-executing without having aborted). */
    public List<String> violations() {
        return Collections.unmodifiableList(violations);
    }
}
