package dev.gmac.channels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ChannelLayoutTest {
    @Test
    void sectionsFollowTheCountersOnAlignedBoundaries() {
        ChannelLayout layout = ChannelLayout.of(16, 1024);
        assertEquals(64, layout.elementsPerDoneCount());
        assertEquals(16, layout.doneCountLength());
        assertEquals(2048, layout.controlLength());
        assertEquals(ChannelLayout.DONE_COUNTS_OFFSET, layout.doneCountsOffset());
        assertEquals(0, layout.controlOffset() % ChannelLayout.COUNTER_BLOCK);
        assertEquals(0, layout.dataOffset() % ChannelLayout.COUNTER_BLOCK);
        assertTrue(layout.controlOffset() >= layout.doneCountsOffset() + 4 * layout.doneCountLength());
        assertEquals(layout.controlOffset() + 8 * 2048, layout.dataOffset());
        assertEquals(layout.dataOffset() + 16 * 1024, layout.regionLength());
        assertEquals(layout.dataOffset() + 16 * 5, layout.elementOffset(5));
        assertEquals(layout.controlOffset() + 8 * 7, layout.controlEntryOffset(7));
        assertEquals(ChannelLayout.DONE_COUNTS_OFFSET + 4, layout.doneCountOffsetOfSlot(64));
    }

    @Test
    void everyCounterHasItsOwnPaddedBlock() {
        int[] counters = {
            ChannelLayout.DATA_HEAD_OFFSET,
            ChannelLayout.DATA_TAIL_OFFSET,
            ChannelLayout.CONTROL_HEAD_OFFSET,
            ChannelLayout.CONTROL_RESERVE_TAIL_OFFSET,
            ChannelLayout.CONTROL_TAIL_OFFSET,
            ChannelLayout.PRODUCER_LIMIT_OFFSET,
            ChannelLayout.DONE_COUNTS_OFFSET
        };
        for (int i = 1; i < counters.length; i++) {
            assertEquals(ChannelLayout.COUNTER_BLOCK, counters[i] - counters[i - 1]);
        }
        assertTrue(ChannelLayout.REGION_LENGTH_OFFSET + 4 <= ChannelLayout.DATA_HEAD_OFFSET);
    }

    @Test
    void anyElementSizeIsPackedBackToBack() {
        ChannelLayout layout = ChannelLayout.of(12, 8, 4);
        assertEquals(layout.dataOffset() + 36, layout.elementOffset(3));
        assertEquals(2, layout.doneCountLength());
    }

    @Test
    void smallChannelsShareOneDoneCount() {
        assertEquals(8, ChannelLayout.of(4, 8).elementsPerDoneCount());
    }

    @Test
    void badShapesAreRejectedWithWhatToFix() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ChannelLayout.of(16, 1000));
        assertTrue(e.getMessage().contains("try 1024"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ChannelLayout.of(0, 16));
        assertThrows(IllegalArgumentException.class, () -> ChannelLayout.of(16, 0));
        assertThrows(IllegalArgumentException.class, () -> ChannelLayout.of(16, 64, 3));
        assertThrows(IllegalArgumentException.class, () -> ChannelLayout.of(16, 64, 128));
        assertThrows(IllegalArgumentException.class, () -> ChannelLayout.of(1 << 20, 1 << 12));
    }
}
