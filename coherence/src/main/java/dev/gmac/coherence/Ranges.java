package dev.gmac.coherence;

import java.util.Arrays;

/**
 * A set of byte ranges inside one block, as sorted, disjoint, non-adjacent {@code [lo, hi)} pairs relative to
 * the block's start: which parts of a block's host copy are valid, or dirty, when that is less than the whole
 * block (sub-block tracking, decision 0113). Immutable; every operation returns a new set.
 */
final class Ranges {
    /** Most ranges a set keeps before a block is made whole (see {@link RollingUpdate}). */
    static final int MAX_RANGES = 8;

    static final Ranges EMPTY = new Ranges(new int[0]);

    private final int[] bounds; // lo0, hi0, lo1, hi1, ...

    private Ranges(int[] bounds) {
        this.bounds = bounds;
    }

    static Ranges of(int lo, int hi) {
        return lo < hi ? new Ranges(new int[] {lo, hi}) : EMPTY;
    }

    int count() {
        return bounds.length / 2;
    }

    boolean isEmpty() {
        return bounds.length == 0;
    }

    int lo(int i) {
        return bounds[2 * i];
    }

    int hi(int i) {
        return bounds[2 * i + 1];
    }

    /** Bytes covered. */
    long bytes() {
        long sum = 0;
        for (int i = 0; i < count(); i++) {
            sum += hi(i) - lo(i);
        }
        return sum;
    }

    /** Whether the set is exactly {@code [0, length)}. */
    boolean coversWhole(int length) {
        return count() == 1 && lo(0) == 0 && hi(0) >= length;
    }

    /** Whether {@code [lo, hi)} lies inside one range of the set. */
    boolean contains(int lo, int hi) {
        int i = indexOf(lo);
        return i >= 0 && hi <= hi(i);
    }

    /** The index of the range holding byte {@code offset}, or -1. */
    int indexOf(int offset) {
        for (int i = 0; i < count(); i++) {
            if (offset >= lo(i) && offset < hi(i)) {
                return i;
            }
        }
        return -1;
    }

    /** Whether some range ends exactly at {@code offset} (an access there continues a run). */
    boolean endsAt(int offset) {
        for (int i = 0; i < count(); i++) {
            if (hi(i) == offset) {
                return true;
            }
        }
        return false;
    }

    /** Whether some range starts exactly at {@code offset}. */
    boolean startsAt(int offset) {
        for (int i = 0; i < count(); i++) {
            if (lo(i) == offset) {
                return true;
            }
        }
        return false;
    }

    /** The union with {@code [lo, hi)}, adjacent ranges merged. */
    Ranges with(int lo, int hi) {
        if (lo >= hi) {
            return this;
        }
        int[] out = new int[bounds.length + 2];
        int n = 0;
        int i = 0;
        while (i < count() && hi(i) < lo) {
            out[n++] = lo(i);
            out[n++] = hi(i);
            i++;
        }
        int mlo = lo;
        int mhi = hi;
        while (i < count() && lo(i) <= mhi) {
            mlo = Math.min(mlo, lo(i));
            mhi = Math.max(mhi, hi(i));
            i++;
        }
        out[n++] = mlo;
        out[n++] = mhi;
        while (i < count()) {
            out[n++] = lo(i);
            out[n++] = hi(i);
            i++;
        }
        return new Ranges(Arrays.copyOf(out, n));
    }

    /** The union with every range of {@code other}. */
    Ranges with(Ranges other) {
        Ranges result = this;
        for (int i = 0; i < other.count(); i++) {
            result = result.with(other.lo(i), other.hi(i));
        }
        return result;
    }

    /** The parts of {@code [lo, hi)} not covered by the set (what a fetch of that range must move). */
    Ranges gapsIn(int lo, int hi) {
        Ranges gaps = EMPTY;
        int at = lo;
        for (int i = 0; i < count() && at < hi; i++) {
            if (hi(i) <= at) {
                continue;
            }
            if (lo(i) >= hi) {
                break;
            }
            if (lo(i) > at) {
                gaps = gaps.with(at, lo(i));
            }
            at = Math.max(at, hi(i));
        }
        if (at < hi) {
            gaps = gaps.with(at, hi);
        }
        return gaps;
    }

    /** The intersection with {@code [lo, hi)}. */
    Ranges within(int lo, int hi) {
        Ranges result = EMPTY;
        for (int i = 0; i < count(); i++) {
            int a = Math.max(lo, lo(i));
            int b = Math.min(hi, hi(i));
            if (a < b) {
                result = result.with(a, b);
            }
        }
        return result;
    }

    /** The smallest single range holding the whole set. */
    Ranges hull() {
        return isEmpty() ? this : of(lo(0), hi(count() - 1));
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Ranges that && Arrays.equals(bounds, that.bounds);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bounds);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("{");
        for (int i = 0; i < count(); i++) {
            text.append(i == 0 ? "" : ", ")
                    .append('[')
                    .append(lo(i))
                    .append(", ")
                    .append(hi(i))
                    .append(')');
        }
        return text.append('}').toString();
    }
}
