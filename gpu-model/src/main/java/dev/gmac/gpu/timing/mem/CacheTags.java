package dev.gmac.gpu.timing.mem;

import java.util.Arrays;

/**
 * The tag array of a set-associative cache with least-recently-used replacement and dirty bits (used for the
 * L1 data cache, the constant cache and the L2 slices). Works on line numbers (byte address divided by the line
 * size); set {@code = line mod sets}. Holds no data: the functional model owns all values.
 */
public final class CacheTags {
    /** Returned by {@link #fill} when the victim was clean or the way was empty. */
    public static final long NO_WRITEBACK = -1;

    private static final long INVALID = Long.MIN_VALUE;

    private final int sets;
    private final int assoc;
    private final long[] tags;
    private final long[] lastUse;
    private final boolean[] dirty;
    private long clock;

    /** A cache of {@code sets} sets of {@code assoc} ways. */
    public CacheTags(int sets, int assoc) {
        if (sets < 1 || assoc < 1) {
            throw new IllegalArgumentException("sets and ways must be >= 1");
        }
        this.sets = sets;
        this.assoc = assoc;
        this.tags = new long[sets * assoc];
        this.lastUse = new long[sets * assoc];
        this.dirty = new boolean[sets * assoc];
        Arrays.fill(tags, INVALID);
    }

    private int base(long line) {
        return (int) Math.floorMod(line, (long) sets) * assoc;
    }

    private int find(long line) {
        int b = base(line);
        for (int w = b; w < b + assoc; w++) {
            if (tags[w] == line) {
                return w;
            }
        }
        return -1;
    }

    /** Looks {@code line} up; a hit makes it the most recently used line of its set. */
    public boolean access(long line) {
        int w = find(line);
        if (w < 0) {
            return false;
        }
        lastUse[w] = ++clock;
        return true;
    }

    /** True when {@code line} is present; does not change the replacement order. */
    public boolean contains(long line) {
        return find(line) >= 0;
    }

    /**
     * Installs {@code line} (already absent) as most recently used, evicting an empty way or else the least
     * recently used one.
     *
     * @return the line number of a dirty victim that must be written back, or {@link #NO_WRITEBACK}
     */
    public long fill(long line, boolean makeDirty) {
        int b = base(line);
        int victim = b;
        for (int w = b; w < b + assoc; w++) {
            if (tags[w] == INVALID) {
                victim = w;
                break;
            }
            if (lastUse[w] < lastUse[victim]) {
                victim = w;
            }
        }
        long writeback = tags[victim] != INVALID && dirty[victim] ? tags[victim] : NO_WRITEBACK;
        tags[victim] = line;
        dirty[victim] = makeDirty;
        lastUse[victim] = ++clock;
        return writeback;
    }

    /** Marks {@code line} dirty; returns false when it is absent. */
    public boolean markDirty(long line) {
        int w = find(line);
        if (w < 0) {
            return false;
        }
        dirty[w] = true;
        lastUse[w] = ++clock;
        return true;
    }

    /** Drops {@code line} if present (without writing it back); returns true when it was present. */
    public boolean invalidate(long line) {
        int w = find(line);
        if (w < 0) {
            return false;
        }
        tags[w] = INVALID;
        dirty[w] = false;
        return true;
    }

    /** Drops every line (a kernel-boundary flush of a non-coherent L1). */
    public void invalidateAll() {
        Arrays.fill(tags, INVALID);
        Arrays.fill(dirty, false);
    }

    /** Sets in the cache. */
    public int sets() {
        return sets;
    }

    /** Ways per set. */
    public int assoc() {
        return assoc;
    }
}
