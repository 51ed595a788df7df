package dev.gmac.gpu.tm.local;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * One work-group's conflict-detection and version-management state (Villegas et al., Euro-Par 2016 Workshops, §3):
 * the owners and backups in the shadow memory of the work-group's local memory, at the positions of {@link
 * ShadowLayout}, and each word's state bits (DCD's V, SMDCD's S and M), which the hardware keeps in vector registers
 * and this model keeps beside the memory. Every word lives in bank {@code k mod banks} with its backup and owner
 * byte's word in banks the layout fixes, so detection in one bank never looks at another's state; what crosses banks
 * is the TCM bit of an aborted work-item, after which every bank restores that work-item's backups and clears its
 * ownership ({@link #release}).
 *
 * <p>Two additions the paper's text leaves open, both documented in docs/decisions/0350: each work-item's entries
 * are listed (so a bank restores and clears them without scanning), and SMDCD keeps the set of work-items sharing a
 * word read by several ({@code S = 1}), releasing the entry only when the last of them finishes and handing it to
 * the last reader (S = M = 0, that reader the owner) when one is left; the paper deletes the owner's entries when
 * it finishes, which would drop the other readers' protection and let two transactions each read what the other
 * then writes.
 *
 * <p>Confined to the launch's thread.
 */
final class ShadowDirectory {
    private static final VarHandle WORD = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    final ShadowLayout layout;
    final Detection detection;
    private final byte[] memory;
    private final byte[] state;
    private final long[] sharers;
    private final int sharerLongs;
    private final int[][] owned;
    private final int[] ownedCount;
    private final Counters counters;
    private final ShadowTraffic traffic;

    ShadowDirectory(
            ShadowLayout layout,
            Detection detection,
            byte[] memory,
            int workItems,
            Counters counters,
            ShadowTraffic traffic) {
        this.layout = layout;
        this.detection = detection;
        this.memory = memory;
        this.state = new byte[layout.words()];
        this.sharerLongs = (workItems + 63) / 64;
        this.sharers = detection == Detection.SMDCD ? new long[layout.words() * sharerLongs] : null;
        this.owned = new int[workItems][];
        this.ownedCount = new int[workItems];
        this.counters = counters;
        this.traffic = traffic;
        Arrays.fill(state, detection.empty());
    }

    /** The word's state bits (tests). */
    byte state(int k) {
        return state[k];
    }

    /** The owner byte of word {@code k}, as stored in the shadow memory. */
    int owner(int k) {
        return memory[layout.ownerOffset(k)] & 0xFF;
    }

    /** The backup of word {@code k}, as stored in the shadow memory. */
    int backup(int k) {
        return (int) WORD.get(memory, layout.backupOffset(k));
    }

    /** Words work-item {@code wi} holds entries for. */
    int ownedCount(int wi) {
        return ownedCount[wi];
    }

    /**
     * A transactional access of work-item {@code wi} to word {@code k}: applies Table 1 and returns the row. A
     * conflict changes nothing here; the caller aborts the work-item ({@link #release} with {@code abort}).
     */
    Action access(int k, int wi, boolean write) {
        counters.accesses++;
        traffic.stateHandled();
        byte st = state[k];
        boolean owned = false;
        if (detection.needsOwner(st, write)) {
            counters.ownerChecks++;
            traffic.add(ShadowTraffic.OWNER_READS, layout.ownerWordOffset(k));
            owned = owner(k) == wi;
        }
        Action a = detection.decide(st, owned, write);
        if (a.conflict()) {
            counters.conflicts[a.ordinal()]++;
            return a;
        }
        if (detection.backsUp(a, write)) {
            int off = layout.backupOffset(k);
            WORD.set(memory, off, (int) WORD.get(memory, k * ShadowLayout.WORD_BYTES));
            counters.backups++;
            traffic.add(ShadowTraffic.BACKUP_WRITES, off);
        }
        if (a == Action.FIRST) {
            memory[layout.ownerOffset(k)] = (byte) wi;
            counters.ownerWrites++;
            traffic.add(ShadowTraffic.OWNER_WRITES, layout.ownerWordOffset(k));
            list(wi, k);
            if (sharers != null) {
                sharers[k * sharerLongs + (wi >>> 6)] |= 1L << wi;
            }
        } else if (a == Action.SHARE) {
            int i = k * sharerLongs + (wi >>> 6);
            if ((sharers[i] & (1L << wi)) == 0) {
                sharers[i] |= 1L << wi;
                list(wi, k);
            }
        }
        state[k] = detection.after(a, st, write);
        return a;
    }

    private void list(int wi, int k) {
        int[] l = owned[wi];
        int n = ownedCount[wi];
        if (l == null) {
            owned[wi] = l = new int[8];
        } else if (n == l.length) {
            owned[wi] = l = Arrays.copyOf(l, 2 * n);
        }
        l[n] = k;
        ownedCount[wi] = n + 1;
    }

    /**
     * Work-item {@code wi} finished its attempt: with {@code abort}, every word it backed up gets its backup back;
     * then its ownership entries are deleted (a shared word's only when its last sharer finished). Returns the words
     * restored.
     */
    int release(int wi, boolean abort) {
        int n = ownedCount[wi];
        int[] l = owned[wi];
        int restored = 0;
        for (int i = n - 1; i >= 0; i--) {
            int k = l[i];
            byte st = state[k];
            if (st == detection.empty()) {
                continue;
            }
            if (sharers != null && st == Detection.S) {
                int base = k * sharerLongs;
                sharers[base + (wi >>> 6)] &= ~(1L << wi);
                int last = soleSharer(base);
                if (last == -1) {
                    state[k] = detection.empty();
                } else if (last >= 0) {
                    // one reader left: the word is its own again (S = M = 0), so its write upgrades (0350)
                    state[k] = 0;
                    memory[layout.ownerOffset(k)] = (byte) last;
                    counters.ownerWrites++;
                    traffic.add(ShadowTraffic.OWNER_WRITES, layout.ownerWordOffset(k));
                }
                continue;
            }
            if (owner(k) != wi) {
                continue; // not this work-item's entry (cannot happen: entries are exclusive unless shared)
            }
            if (abort && detection.hasBackup(st)) {
                int off = layout.backupOffset(k);
                WORD.set(memory, k * ShadowLayout.WORD_BYTES, (int) WORD.get(memory, off));
                traffic.add(ShadowTraffic.RESTORE_READS, off);
                traffic.add(ShadowTraffic.RESTORE_WRITES, (long) k * ShadowLayout.WORD_BYTES);
                restored++;
            }
            state[k] = detection.empty();
            if (sharers != null) {
                sharers[k * sharerLongs + (wi >>> 6)] &= ~(1L << wi);
            }
        }
        ownedCount[wi] = 0;
        counters.restores += restored;
        return restored;
    }

    /** The only work-item left sharing the word at {@code base}, -1 when none is, -2 when several are. */
    private int soleSharer(int base) {
        int found = -1;
        for (int i = 0; i < sharerLongs; i++) {
            long m = sharers[base + i];
            if (m == 0) {
                continue;
            }
            if (found != -1 || (m & (m - 1)) != 0) {
                return -2;
            }
            found = i * 64 + Long.numberOfTrailingZeros(m);
        }
        return found;
    }
}
