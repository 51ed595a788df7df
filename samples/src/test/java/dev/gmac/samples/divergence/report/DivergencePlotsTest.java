package dev.gmac.samples.divergence.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gmac.gpu.timing.stats.IssueSlot;
import java.awt.Color;
import java.util.Arrays;
import java.util.HashSet;
import org.junit.jupiter.api.Test;

/** The issue-slot breakdown plot (Fung thesis Figures 3.11-3.12) gives every bucket its own colour. */
class DivergencePlotsTest {
    @Test
    void everyIssueSlotBucketHasItsOwnColour() {
        int buckets = IssueSlot.labelsInThesisOrder(32).length;
        Color[] colors = DivergencePlots.breakdownColors(buckets);
        assertEquals(11, buckets, "W0_Idle, W0_Mem, eight active-lane buckets, Stall");
        assertEquals(buckets, new HashSet<>(Arrays.asList(colors)).size(), "no two buckets share a colour");
        assertEquals(new Color(0xd62728), colors[buckets - 1], "Stall is red");
    }
}
