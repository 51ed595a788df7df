package dev.gmac.samples.study.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.samples.study.StudyFixtures;
import dev.gmac.samples.study.Variant;
import java.util.List;
import org.junit.jupiter.api.Test;

class ResultTableTest {
    @Test
    void tableHasOneLinePerRunWithRatios() {
        String table = ResultTable.table(StudyFixtures.results());
        List<String> lines = table.lines().toList();
        assertEquals(12, lines.size(), table);
        assertTrue(lines.get(0).matches("workload\\s+protocol\\s+to accel\\s+to host\\s+transfers.*"), lines.get(0));
        assertTrue(lines.get(0).endsWith("vs batch  vs explicit  time vs expl"), lines.get(0));
        // stencil lazy: 512 KiB + 256 KiB of batch's 2 MiB = 0.375; of explicit's 256 KiB + 64 B = 3.0.
        String lazy = lines.get(3);
        assertTrue(
                lazy.matches(
                        "\\s+lazy\\s+512 KiB\\s+256 KiB\\s+10\\s+3\\s+4\\s+5\\s+\\S+ us\\s+\\S+ us\\s+\\S+ us\\s+0\\.375\\s+2\\.999\\s+\\S+"),
                lazy);
        // The workload name is printed once per group.
        assertTrue(lines.get(2).matches("stencil\\s+batch.*"), lines.get(2));
        assertTrue(lines.get(3).matches("\\s+lazy.*"), lines.get(3));
    }

    @Test
    void renderIncludesRelationsAndSweeps() {
        String text = ResultTable.render(StudyFixtures.results());
        assertTrue(text.startsWith("Transfer study (ADSM paper section 5): test inputs, seed 1;"), text);
        assertTrue(
                text.lines()
                        .anyMatch(l ->
                                l.matches("FAIL\\s+stencil\\s+rolling-annotated <= explicit\\s+272 KiB vs 256 KiB.*")),
                text);
        assertTrue(
                text.lines()
                        .anyMatch(l ->
                                l.matches("ok\\s+stencil\\s+rolling << lazy to accelerator\\s+16 KiB vs 512 KiB.*")),
                text);
        assertTrue(text.contains("3D stencil: lazy vs rolling"), text);
        assertTrue(text.contains("16^3"), text);
        assertTrue(text.contains("vector addition"), text);
        assertTrue(text.contains("tpacf: rolling sizes 1, 2, 4"), text);
        assertTrue(text.contains("128 KiB"), text);
        assertTrue(text.endsWith("\nKernels: 13,000 simulated thread instructions over 13 runs.\n"), text);
    }

    @Test
    void singleRunHasNoRatioColumns() {
        String text = ResultTable.single(StudyFixtures.row("cp", Variant.LAZY, 4096, 2048));
        assertTrue(text.startsWith("cp (tiny) under lazy, block 4 KiB, rolling size 2"), text);
        assertTrue(
                text.lines().anyMatch(l -> l.matches("cp\\s+lazy\\s+4 KiB\\s+2 KiB\\s+10\\s+3\\s+4\\s+5\\s+.*us")),
                text);
        assertTrue(text.lines().noneMatch(l -> l.contains("vs batch")), text);
    }

    @Test
    void sweepTitlesNameWhatTheirRunsShare() {
        assertEquals(
                "2 steps, dump every 2",
                ResultTable.commonDescription(List.of("32^3, 2 steps, dump every 2", "64^3, 2 steps, dump every 2")));
        assertEquals("131072 elements", ResultTable.commonDescription(List.of("131072 elements", "131072 elements")));
        assertEquals("", ResultTable.commonDescription(List.of("a, b", "c, d")));
    }

    @Test
    void ratiosPrintWithSensiblePrecision() {
        assertEquals("-", ReportColumns.ratio(Double.NaN));
        assertEquals("inf", ReportColumns.ratio(Double.POSITIVE_INFINITY));
        assertEquals("0.125", ReportColumns.ratio(0.125));
        assertEquals("12.5", ReportColumns.ratio(12.5));
        assertEquals("1250", ReportColumns.ratio(1250.0));
    }
}
