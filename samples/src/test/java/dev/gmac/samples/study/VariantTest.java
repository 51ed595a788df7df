package dev.gmac.samples.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.api.Protocol;
import java.util.List;
import org.junit.jupiter.api.Test;

class VariantTest {
    @Test
    void studyColumnsAreTheFiveOfTheIssueInOrder() {
        assertEquals(
                List.of("batch", "lazy", "rolling", "rolling-annotated", "explicit"),
                Variant.STUDY.stream().map(Variant::label).toList());
    }

    @Test
    void labelsRoundTrip() {
        for (Variant v : Variant.STUDY) {
            assertEquals(v, Variant.parse(v.label()));
        }
        assertEquals(new Variant(Protocol.LAZY, true), Variant.parse("lazy-annotated"));
    }

    @Test
    void parsesCommandLineProtocols() {
        assertEquals(Variant.ROLLING_ANNOTATED, Variant.of("Rolling", true));
        assertTrue(Variant.of("explicit", false).isExplicit());
        IllegalArgumentException unknown =
                assertThrows(IllegalArgumentException.class, () -> Variant.of("eager", false));
        assertEquals("unknown protocol 'eager' (expected batch, lazy, rolling or explicit)", unknown.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Variant.of("explicit", true));
    }
}
