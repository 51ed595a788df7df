package dev.gmac.gpu.alloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The arena behind device memory and host copies: exact slices, zeroed, reused at once after a free. */
class DirectArenaTest {

    @Test
    void slicesAreExactZeroedLittleEndianAndDirect() {
        DirectArena arena = new DirectArena();
        ByteBuffer buffer = arena.allocate(1000);
        assertEquals(1000, buffer.capacity());
        assertTrue(buffer.isDirect());
        assertEquals(ByteOrder.LITTLE_ENDIAN, buffer.order());
        for (int i = 0; i < 1000; i++) {
            assertEquals(0, buffer.get(i));
        }
        assertThrows(IndexOutOfBoundsException.class, () -> buffer.get(1000), "a slice ends where it should");
        assertEquals(1024, arena.bytesInUse(), "rounded to the 256-byte granule");
    }

    @Test
    void freedMemoryIsReusedAndZeroedAgainInsteadOfGrowing() {
        DirectArena arena = new DirectArena();
        for (int cycle = 0; cycle < 10_000; cycle++) {
            ByteBuffer buffer = arena.allocate(64 * 1024);
            assertEquals(0, buffer.get(0), "cycle " + cycle + ": reused memory is zeroed");
            assertEquals(0, buffer.get(64 * 1024 - 1));
            buffer.put(0, (byte) 7).put(64 * 1024 - 1, (byte) 9);
            arena.release(buffer);
        }
        assertEquals(DirectArena.CHUNK_BYTES, arena.reservedBytes(), "10,000 cycles of 64 KiB fit in one chunk");
        assertEquals(0, arena.bytesInUse());
    }

    @Test
    void largeRequestsGetTheirOwnChunkWhichLaterServesSmallerOnes() {
        DirectArena arena = new DirectArena();
        ByteBuffer big = arena.allocate(DirectArena.CHUNK_BYTES + 4096L);
        long reserved = arena.reservedBytes();
        arena.release(big);
        arena.endQuarantine();
        List<ByteBuffer> pieces = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            pieces.add(arena.allocate(DirectArena.CHUNK_BYTES / 4));
        }
        assertEquals(reserved, arena.reservedBytes(), "the freed big chunk was split, no new chunk");
        pieces.forEach(arena::release);
    }

    @Test
    void theQuarantineEndsAfterEnoughFrees() {
        DirectArena arena = new DirectArena();
        ByteBuffer first = arena.allocate(256);
        arena.release(first);
        for (int i = 0; i < DirectArena.QUARANTINE_RANGES; i++) {
            arena.release(arena.allocate(512));
        }
        assertEquals(DirectArena.CHUNK_BYTES, arena.reservedBytes());
        ByteBuffer reused = arena.allocate(256);
        reused.put(0, (byte) 5);
        assertEquals(5, first.get(0), "the first range was handed out again (same memory)");
        arena.release(reused);
    }

    @Test
    void aFreedRangeWaitsInQuarantineBeforeItIsHandedOutAgain() {
        DirectArena arena = new DirectArena();
        ByteBuffer first = arena.allocate(256);
        first.put(0, (byte) 42);
        arena.release(first);
        ByteBuffer second = arena.allocate(256);
        second.put(0, (byte) 1);
        assertEquals(42, first.get(0), "the range of a buffer freed a moment ago is not reused yet");
        arena.release(second);
    }

    @Test
    void neighbouringFreeRangesMerge() {
        DirectArena arena = new DirectArena();
        List<ByteBuffer> buffers = new ArrayList<>();
        int each = DirectArena.CHUNK_BYTES / 8;
        for (int i = 0; i < 8; i++) {
            buffers.add(arena.allocate(each));
        }
        long reserved = arena.reservedBytes();
        buffers.forEach(arena::release);
        arena.endQuarantine();
        ByteBuffer whole = arena.allocate(DirectArena.CHUNK_BYTES - 4096);
        assertEquals(reserved, arena.reservedBytes(), "eight freed neighbours merged into one range");
        arena.release(whole);
    }

    @Test
    void releasingSomethingElseOrTwiceIsRejected() {
        DirectArena arena = new DirectArena();
        ByteBuffer buffer = arena.allocate(100);
        assertTrue(arena.owns(buffer));
        arena.release(buffer);
        assertFalse(arena.owns(buffer));
        assertThrows(IllegalArgumentException.class, () -> arena.release(buffer));
        assertThrows(IllegalArgumentException.class, () -> arena.release(ByteBuffer.allocateDirect(100)));
        assertThrows(IllegalArgumentException.class, () -> arena.allocate(0));
    }

    @Test
    void randomAllocationsNeverOverlap() {
        DirectArena arena = new DirectArena();
        Random random = new Random(3);
        List<ByteBuffer> live = new ArrayList<>();
        List<Byte> tags = new ArrayList<>();
        for (int step = 0; step < 1500; step++) {
            if (!live.isEmpty() && random.nextInt(3) == 0) {
                int i = random.nextInt(live.size());
                ByteBuffer buffer = live.remove(i);
                byte tag = tags.remove(i);
                for (int j = 0; j < buffer.capacity(); j += 97) {
                    assertEquals(tag, buffer.get(j), "another allocation wrote into this one");
                }
                arena.release(buffer);
            } else {
                ByteBuffer buffer = arena.allocate(1 + random.nextInt(50_000));
                byte tag = (byte) (1 + random.nextInt(120));
                for (int j = 0; j < buffer.capacity(); j++) {
                    assertEquals(0, buffer.get(j));
                    buffer.put(j, tag);
                }
                live.add(buffer);
                tags.add(tag);
            }
        }
        assertTrue(arena.reservedBytes() <= 4L * DirectArena.CHUNK_BYTES, "reserved " + arena.reservedBytes());
    }
}
