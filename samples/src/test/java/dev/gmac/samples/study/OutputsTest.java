package dev.gmac.samples.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class OutputsTest {
    @Test
    void floatsMayDifferByTheToleranceOfTheLargestMagnitude() {
        Outputs expected = new Outputs().floats("q", new float[] {100f, 1f});
        assertTrue(expected.firstMismatch(new Outputs().floats("q", new float[] {100f, 1.009f}), 1e-4)
                .isEmpty());
        Optional<String> diff = expected.firstMismatch(new Outputs().floats("q", new float[] {100f, 1.02f}), 1e-4);
        assertEquals("q[1]: expected 1.0, got 1.02 (allowed difference 0.0100)", diff.orElseThrow());
    }

    @Test
    void intsMustBeEqualAndNamesMustMatch() {
        Outputs expected = new Outputs().ints("h", new int[] {1, 2, 3});
        assertEquals(
                "h[2]: expected 3, got 4",
                expected.firstMismatch(new Outputs().ints("h", new int[] {1, 2, 4}), 1)
                        .orElseThrow());
        assertEquals(
                "outputs [g], expected [h]",
                expected.firstMismatch(new Outputs().ints("g", new int[] {1, 2, 3}), 0)
                        .orElseThrow());
        assertEquals(
                "h: 2 elements, expected 3",
                expected.firstMismatch(new Outputs().ints("h", new int[] {1, 2}), 0)
                        .orElseThrow());
    }

    @Test
    void nanIsNeverWithinTolerance() {
        Outputs expected = new Outputs().floats("v", new float[] {1f});
        assertTrue(expected.firstMismatch(new Outputs().floats("v", new float[] {Float.NaN}), 1)
                .isPresent());
    }

    @Test
    void outputsAreCopiedAndNamedOnce() {
        float[] values = {1f};
        Outputs out = new Outputs().floats("v", values);
        values[0] = 2f;
        assertEquals(1f, out.floatArray("v")[0]);
        assertThrows(IllegalArgumentException.class, () -> out.floats("v", values));
        assertThrows(IllegalArgumentException.class, () -> out.intArray("v"));
    }
}
