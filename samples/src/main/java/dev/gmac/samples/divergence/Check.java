package dev.gmac.samples.divergence;

/**
 * Compares a workload's outputs with its Java reference, output by output, and digests the raw outputs. Floating
 * point outputs are compared bit for bit: the kernels use round-to-nearest intrinsics only, which the reference
 * reproduces exactly.
 */
public final class Check {
    private int mismatches;
    private String first = "";
    private long digest = 0xcbf29ce484222325L;

    private void mix(long v) {
        for (int i = 0; i < 8; i++) {
            digest ^= (v >>> (8 * i)) & 0xff;
            digest *= 0x100000001b3L;
        }
    }

    private void mismatch(String what) {
        if (mismatches++ == 0) {
            first = what;
        }
    }

    /** Compares integer outputs {@code actual} with {@code expected}. */
    public Check ints(String name, int[] expected, int[] actual) {
        for (int i = 0; i < actual.length; i++) {
            mix(actual[i]);
        }
        if (expected.length != actual.length) {
            mismatch(name + ": " + actual.length + " outputs, expected " + expected.length);
            return this;
        }
        for (int i = 0; i < expected.length; i++) {
            if (expected[i] != actual[i]) {
                mismatch(name + "[" + i + "] = " + actual[i] + ", expected " + expected[i]);
            }
        }
        return this;
    }

    /** Compares float outputs bit for bit (+0 and -0 count as equal: min and max may pick either). */
    public Check floats(String name, float[] expected, float[] actual) {
        for (float v : actual) {
            mix(Float.floatToRawIntBits(v));
        }
        if (expected.length != actual.length) {
            mismatch(name + ": " + actual.length + " outputs, expected " + expected.length);
            return this;
        }
        for (int i = 0; i < expected.length; i++) {
            if (Float.floatToRawIntBits(expected[i]) != Float.floatToRawIntBits(actual[i])
                    && expected[i] != actual[i]) {
                mismatch(name + "[" + i + "] = " + actual[i] + ", expected " + expected[i]);
            }
        }
        return this;
    }

    /** Mismatching outputs so far. */
    public int mismatches() {
        return mismatches;
    }

    /** The first mismatch, or an empty string. */
    public String first() {
        return first;
    }

    /** FNV-1a digest of every output compared, in order. */
    public long digest() {
        return digest;
    }

    /** The verdict. */
    public Verdict verdict() {
        return Verdict.of(this);
    }

    @Override
    public String toString() {
        return mismatches + " mismatches" + (first.isEmpty() ? "" : ", first " + first);
    }
}
