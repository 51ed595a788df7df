package dev.gmac.coherence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.coherence.accel.InMemoryAccelerator;
import dev.gmac.coherence.transfer.Direction;
import dev.gmac.coherence.transfer.TransferCostModel;
import java.io.ByteArrayInputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import org.junit.jupiter.api.Test;

/** Focused checks of rules the model-based test exercises only statistically. */
class CoherenceDetailsTest {
    private static CoherenceConfig rolling(int block, int increment) {
        return CoherenceConfig.defaults()
                .withBlockSize(block)
                .withRollingIncrement(increment)
                .withDirectHostMemory(false);
    }

    @Test
    void pcie2PresetCostsTenMicrosecondsPlusBytesOverSixGigabytesPerSecond() {
        TransferCostModel model = TransferCostModel.pcie2x16();
        assertEquals(10e-6, model.seconds(Direction.TO_ACCELERATOR, 0), 1e-15);
        assertEquals(10e-6 + 6e9 / 6e9, model.seconds(Direction.TO_HOST, 6_000_000_000L), 1e-12);
        assertEquals(10e-6 + 262144 / 6e9, model.seconds(Direction.TO_ACCELERATOR, 262144), 1e-15);
    }

    @Test
    void rollingSizeGrowsPerAllocationAndShrinksPerFree() {
        // The paper's rolling-update (whole blocks): a sequential write makes one block dirty at a time. (With
        // sub-block ranges a write stream claims growing units instead, SubBlockTest.)
        CoherenceConfig paper = rolling(64, 2).withSubBlock(false);
        try (SharedMemoryManager manager = new SharedMemoryManager(new InMemoryAccelerator(), paper)) {
            RollingUpdate protocol = (RollingUpdate) manager.protocol();
            SharedObject a = manager.allocate(1000);
            assertEquals(2, protocol.rollingSize());
            SharedObject b = manager.allocate(1000);
            manager.allocate(10);
            assertEquals(6, protocol.rollingSize());
            manager.free(b);
            assertEquals(4, protocol.rollingSize());
            // Writing every block of a (16 blocks) keeps at most 4 dirty; the 12 others were evicted eagerly.
            HostAccessor host = manager.accessor(a);
            for (int i = 0; i < 250; i++) {
                host.putInt(i, i);
            }
            manager.drainEvictions();
            assertEquals(4, protocol.dirtyBlocks());
            assertEquals(12, manager.stats().evictions());
            assertEquals(12, manager.stats().transfersToAccelerator());
            int readOnly = 0;
            for (int block = 0; block < a.blockCount(); block++) {
                readOnly += a.state(block) == BlockState.READ_ONLY ? 1 : 0;
            }
            assertEquals(12, readOnly, "evicted blocks become read-only");
        }
    }

    @Test
    void aReadThatEndsEarlyKeepsTheFailingBlockAsItWas() {
        InMemoryAccelerator device = new InMemoryAccelerator();
        try (SharedMemoryManager manager = new SharedMemoryManager(device, rolling(16, 8))) {
            SharedObject object = manager.allocate(64);
            // Make every block invalid with 0x33 on the accelerator only.
            SharedObject pattern = manager.allocate(64);
            manager.memset(pattern, 0, 0x33, 64);
            manager.memcpy(object, 0, pattern, 0, 64);
            HostAccessor host = manager.accessor(object);
            byte[] input = new byte[40]; // blocks 0 and 1 whole, block 2 half: then the input ends
            java.util.Arrays.fill(input, (byte) 7);
            assertThrows(
                    UncheckedIOException.class,
                    () -> host.readFrom(Channels.newChannel(new ByteArrayInputStream(input)), 0, 64));
            assertEquals(BlockState.DIRTY, object.state(0));
            assertEquals(BlockState.DIRTY, object.state(1));
            assertEquals(BlockState.INVALID, object.state(2), "the half-read block keeps its accelerator data");
            assertEquals(BlockState.INVALID, object.state(3));
            assertEquals(7, host.getByte(31));
            assertEquals(0x33, host.getByte(32));
            assertEquals(0x33, host.getByte(63));
            // Reading byte 32 continues a run (block 1 is valid to its end): block 2 comes whole; byte 63 alone.
            assertEquals(16 + 1, manager.stats().bytesToHost(), "only what the reads needed was fetched");
        }
    }

    @Test
    void writesDuringAnAnnotatedKernelAreNotFlushedUnderIt() throws Exception {
        InMemoryAccelerator device = new InMemoryAccelerator();
        // The paper's whole blocks, so the byte loop dirties 8 blocks one by one (a write stream would claim them as
        // growing units, with fewer entries to evict afterwards).
        try (SharedMemoryManager manager =
                new SharedMemoryManager(device, rolling(8, 1).withSubBlock(false))) {
            SharedObject input = manager.allocate(64);
            SharedObject output = manager.allocate(8);
            HostAccessor host = manager.accessor(input);
            java.util.concurrent.CountDownLatch written = new java.util.concurrent.CountDownLatch(1);
            byte[] seen = new byte[64];
            manager.call(WriteScope.of(java.util.List.of(output)), () -> {
                written.await();
                device.view(input.deviceAddress(), 64).get(0, seen);
            });
            for (int i = 0; i < 64; i++) {
                host.putByte(i, (byte) 9); // input is outside the write set: no wait, and no eager flush
            }
            assertEquals(0, manager.stats().implicitSyncs());
            written.countDown();
            manager.sync();
            assertEquals(0, seen[0], "the kernel saw the data of the call (release consistency)");
            assertEquals(0, seen[63]);
            assertTrue(manager.protocol().dirtyBlocks() <= 2, "evictions resumed after the kernel");
        }
    }

    @Test
    void misuseIsTyped() {
        try (SharedMemoryManager manager =
                        new SharedMemoryManager(new InMemoryAccelerator(1 << 16, false), rolling(8, 1));
                SharedMemoryManager other = new SharedMemoryManager(new InMemoryAccelerator(), rolling(8, 1))) {
            assertEquals(
                    CoherenceException.Kind.INVALID_SIZE,
                    assertThrows(CoherenceException.class, () -> manager.allocate(0))
                            .kind());
            assertEquals(
                    CoherenceException.Kind.OUT_OF_MEMORY,
                    assertThrows(CoherenceException.class, () -> manager.allocate(1 << 17))
                            .kind());
            SharedObject foreign = other.allocate(8);
            assertEquals(
                    CoherenceException.Kind.FOREIGN_OBJECT,
                    assertThrows(CoherenceException.class, () -> manager.free(foreign))
                            .kind());
            assertEquals(
                    CoherenceException.Kind.FOREIGN_OBJECT,
                    assertThrows(CoherenceException.class, () -> manager.lookup(12345))
                            .kind());
            SharedObject object = manager.allocate(16);
            assertEquals(object, manager.lookup(object.address() + 15));
            assertEquals(
                    CoherenceException.Kind.OUT_OF_RANGE,
                    assertThrows(CoherenceException.class, () -> manager.memset(object, 8, 0, 9))
                            .kind());
            manager.close();
            assertEquals(
                    CoherenceException.Kind.CLOSED,
                    assertThrows(CoherenceException.class, () -> manager.allocate(8))
                            .kind());
            assertEquals(
                    CoherenceException.Kind.CLOSED,
                    assertThrows(CoherenceException.class, () -> manager.accessor(object)
                                    .getByte(0))
                            .kind());
        }
    }

    @Test
    void theInMemoryAcceleratorChecksItsRanges() {
        InMemoryAccelerator device = new InMemoryAccelerator(4096, false);
        long a = device.allocate(100);
        assertTrue(a >= 1L << 32);
        ByteBuffer src = ByteBuffer.allocate(101);
        assertThrows(dev.gmac.coherence.accel.AcceleratorException.class, () -> device.copyToDevice(a, src));
        device.free(a);
        assertThrows(dev.gmac.coherence.accel.AcceleratorException.class, () -> device.free(a));
    }
}
