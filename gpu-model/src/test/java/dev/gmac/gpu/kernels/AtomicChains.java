package dev.gmac.gpu.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.TreeMap;

/**
 * Order-independent checks of the old values that atomics return. Whatever order the threads ran in, for an
 * atomic add the old values chain: every {@code old + v} is the next thread's old value or the final value, so
 * the multisets {@code {init} ∪ {old_i + v_i}} and {@code {old_i} ∪ {final}} are equal; for an exchange,
 * {@code {init} ∪ {v_i}} and {@code {old_i} ∪ {final}} are equal. A wrong return value (the new value instead of
 * the old, a stale read, a lost update) breaks the equality.
 */
public final class AtomicChains {
    private AtomicChains() {}

    /** Checks the chain of an atomic add of {@code values} to a cell that went from {@code init} to {@code last}. */
    public static void assertAddChain(long init, long[] values, long[] olds, long last, long mask, String what) {
        Map<Long, Integer> left = new TreeMap<>();
        Map<Long, Integer> right = new TreeMap<>();
        add(left, init & mask);
        add(right, last & mask);
        for (int i = 0; i < values.length; i++) {
            add(left, (olds[i] + values[i]) & mask);
            add(right, olds[i] & mask);
        }
        assertEquals(left, right, what + ": old values returned by the atomic add do not chain");
    }

    /** Checks the chain of an atomic exchange of {@code values} into a cell that went from {@code init} to {@code last}. */
    public static void assertExchangeChain(long init, long[] values, long[] olds, long last, long mask, String what) {
        Map<Long, Integer> left = new TreeMap<>();
        Map<Long, Integer> right = new TreeMap<>();
        add(left, init & mask);
        add(right, last & mask);
        for (int i = 0; i < values.length; i++) {
            add(left, values[i] & mask);
            add(right, olds[i] & mask);
        }
        assertEquals(left, right, what + ": old values returned by the atomic exchange do not chain");
    }

    private static void add(Map<Long, Integer> multiset, long v) {
        multiset.merge(v, 1, Integer::sum);
    }
}
