package dev.gmac.samples.study;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The named result arrays of one run of a workload, in the order the host program produced them. The study
 * compares every run's outputs with the workload's plain Java reference ({@link #firstMismatch}).
 */
public final class Outputs {
    private final Map<String, Object> arrays = new LinkedHashMap<>();

    /** Adds a float result (compared within the workload's tolerance). */
    public Outputs floats(String name, float[] values) {
        put(name, values.clone());
        return this;
    }

    /** Adds an int result (compared exactly). */
    public Outputs ints(String name, int[] values) {
        put(name, values.clone());
        return this;
    }

    private void put(String name, Object values) {
        if (arrays.putIfAbsent(name, values) != null) {
            throw new IllegalArgumentException("output '" + name + "' added twice");
        }
    }

    /** The names of the outputs, in insertion order. */
    public java.util.Set<String> names() {
        return java.util.Collections.unmodifiableSet(arrays.keySet());
    }

    /** A copy of a float output. */
    public float[] floatArray(String name) {
        if (arrays.get(name) instanceof float[] values) {
            return values.clone();
        }
        throw new IllegalArgumentException("no float output '" + name + "'");
    }

    /** A copy of an int output. */
    public int[] intArray(String name) {
        if (arrays.get(name) instanceof int[] values) {
            return values.clone();
        }
        throw new IllegalArgumentException("no int output '" + name + "'");
    }

    /**
     * Compares {@code actual} with these (expected) outputs. Int arrays must be equal; a float element may differ
     * by at most {@code tolerance} times the largest magnitude in its expected array (or {@code tolerance} when
     * that array is all zeros).
     *
     * @return a description of the first difference, or empty when the outputs agree
     */
    public Optional<String> firstMismatch(Outputs actual, double tolerance) {
        if (!arrays.keySet().equals(actual.arrays.keySet())) {
            return Optional.of("outputs " + actual.arrays.keySet() + ", expected " + arrays.keySet());
        }
        for (Map.Entry<String, Object> e : arrays.entrySet()) {
            String name = e.getKey();
            Object got = actual.arrays.get(name);
            Optional<String> diff;
            if (e.getValue() instanceof float[] want && got instanceof float[] have) {
                diff = compare(name, want, have, tolerance);
            } else if (e.getValue() instanceof int[] want && got instanceof int[] have) {
                diff = compare(name, want, have);
            } else {
                diff = Optional.of(name + ": element types differ");
            }
            if (diff.isPresent()) {
                return diff;
            }
        }
        return Optional.empty();
    }

    private static Optional<String> compare(String name, float[] want, float[] have, double tolerance) {
        if (want.length != have.length) {
            return Optional.of(name + ": " + have.length + " elements, expected " + want.length);
        }
        double scale = 0;
        for (float v : want) {
            scale = Math.max(scale, Math.abs(v));
        }
        double allowed = tolerance * (scale == 0 ? 1 : scale);
        for (int i = 0; i < want.length; i++) {
            double d = Math.abs((double) want[i] - have[i]);
            if (!(d <= allowed) && !(Float.isNaN(want[i]) && Float.isNaN(have[i]))) {
                return Optional.of(String.format(
                        "%s[%d]: expected %s, got %s (allowed difference %.3g)", name, i, want[i], have[i], allowed));
            }
        }
        return Optional.empty();
    }

    private static Optional<String> compare(String name, int[] want, int[] have) {
        if (want.length != have.length) {
            return Optional.of(name + ": " + have.length + " elements, expected " + want.length);
        }
        int i = Arrays.mismatch(want, have);
        return i < 0 ? Optional.empty() : Optional.of(name + "[" + i + "]: expected " + want[i] + ", got " + have[i]);
    }
}
