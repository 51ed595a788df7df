package dev.gmac.channels.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.channels.Channel;
import dev.gmac.channels.ChannelLayout;
import dev.gmac.channels.gpu.DeviceRuntime.DeviceChannel;
import dev.gmac.channels.gpu.DeviceRuntime.Reservation;
import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.LaunchOptions;
import dev.gmac.gpu.LaunchStats;
import dev.gmac.gpu.SoftwareGpu;
import dev.gmac.gpu.ptx.PtxModule;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The device library {@code channels.cuh} on the software GPU (Orr et al., ISCA 2014, Table 1 and Figure 5): kernels
 * reserve, enqueue, dequeue and free elements of a channel in device memory in both reservation forms at wavefront
 * widths 32 and 64, and the host checks the channel invariants: every element delivered exactly once, reservations
 * disjoint and contiguous, groups freed strictly in allocation order, and no slot reserved again before its done
 * count completed.
 */
class ChannelsLibraryTest {
    private static final int ELEMENT = Integer.BYTES;
    private static final int SEEN = 4096;

    private final SoftwareGpu gpu = new SoftwareGpu();

    @AfterEach
    void close() {
        gpu.close();
    }

    static Stream<Arguments> forms() {
        return Stream.of(
                Arguments.of(32, Reservation.WAVEFRONT),
                Arguments.of(64, Reservation.WAVEFRONT),
                Arguments.of(32, Reservation.WORK_ITEM),
                Arguments.of(64, Reservation.WORK_ITEM));
    }

    /** One channel in device memory, the runtime, the test module and its buffers. */
    private final class Rig {
        final int width;
        final ChannelLayout layout;
        final long address;
        final Channel channel;
        final DeviceRuntime runtime;
        final PtxModule module;
        final LaunchOptions options;
        final long counts;
        final long firsts;
        final long seen;
        final long values;
        final int threads;

        Rig(int width, Reservation reservation, int capacity, int threads) {
            this.width = width;
            this.threads = threads;
            this.layout = ChannelLayout.of(ELEMENT, capacity);
            this.address = gpu.malloc(layout.regionLength());
            this.channel = Channel.format(gpu.deviceView(address, layout.regionLength()), layout);
            int records = (capacity + width - 1) / width;
            this.runtime = new DeviceRuntime(
                    gpu, List.of(new DeviceChannel(address, layout)), reservation, records, width, -1);
            this.module = gpu.loadResource("/ptx/channels_lib.ptx");
            runtime.install(module);
            this.options = LaunchOptions.DEFAULTS.withWarpSize(width);
            this.counts = gpu.malloc(4L * threads);
            this.firsts = gpu.malloc(8L * threads);
            this.seen = gpu.malloc(4L * SEEN);
            this.values = gpu.malloc(4L * capacity);
        }

        /** Runs Produce with {@code n[t]} elements for work-item t; returns each work-item's first sequence. */
        long[] produce(int[] n, int base) {
            ByteBuffer c = gpu.deviceView(counts, 4 * threads);
            for (int t = 0; t < threads; t++) {
                c.putInt(4 * t, n[t]);
            }
            lastStats = gpu.launch(
                    module, "Produce", new Dim3(1, 1, 1), new Dim3(threads, 1, 1), 0, options, 0, counts, firsts, base);
            ByteBuffer f = gpu.deviceView(firsts, 8 * threads);
            long[] out = new long[threads];
            for (int t = 0; t < threads; t++) {
                out[t] = f.getLong(8 * t);
            }
            return out;
        }

        LaunchStats lastStats;

        /** Dispatches up to {@code max} ready elements on the host (the aggregator's role here). */
        int[] dispatch(int max) {
            int[] slots = new int[max];
            int n = 0;
            while (n < max) {
                int[] part = new int[max - n];
                int k = channel.dispatch(part, max - n);
                if (k == 0) {
                    break;
                }
                System.arraycopy(part, 0, slots, n, k);
                n += k;
            }
            return Arrays.copyOf(slots, n);
        }

        /** Runs Consume over {@code slots}, one wavefront-sized work-group per dispatch record. */
        void consume(int[] slots) {
            int groups = (slots.length + width - 1) / width;
            for (int g = 0; g < groups; g++) {
                int from = g * width;
                runtime.writeRecord(g, 0, slots, from, Math.min(width, slots.length - from), 0, 0);
            }
            if (groups > 0) {
                lastStats = gpu.launch(
                        module, "Consume", new Dim3(groups, 1, 1), new Dim3(width, 1, 1), 0, options, seen, values);
            }
        }

        int seen(int value) {
            return gpu.deviceView(seen + 4L * value, 4).getInt(0);
        }

        int elementValue(int slot) {
            return channel.getInt(channel.deq(slot));
        }
    }

    /**
     * Checks that work-item reservations are disjoint and together exactly {@code [tailBefore, tailBefore+total)},
     * in work-item order within a wavefront in the wavefront form (the prefix sum of Figure 5).
     */
    private static void assertReservationsPartition(long[] firsts, int[] n, long tailBefore, int width, Reservation r) {
        int total = Arrays.stream(n).sum();
        boolean[] covered = new boolean[total];
        for (int t = 0; t < n.length; t++) {
            for (int i = 0; i < n[t]; i++) {
                long seq = firsts[t] + i - tailBefore;
                assertTrue(
                        seq >= 0 && seq < total,
                        "work-item " + t + " reserved sequence " + (firsts[t] + i) + " outside [" + tailBefore + ", "
                                + (tailBefore + total) + ")");
                assertTrue(!covered[(int) seq], "sequence " + (firsts[t] + i) + " reserved twice");
                covered[(int) seq] = true;
            }
        }
        if (r == Reservation.WAVEFRONT) {
            for (int w = 0; w < n.length / width; w++) {
                long expect = -1;
                for (int t = w * width; t < (w + 1) * width; t++) {
                    if (expect >= 0 && n[t] > 0) {
                        assertEquals(
                                expect,
                                firsts[t],
                                "wavefront " + w + " lane " + (t % width)
                                        + ": lanes get consecutive ranges by the prefix sum");
                    }
                    if (n[t] > 0) {
                        expect = firsts[t] + n[t];
                    }
                }
            }
        }
    }

    @ParameterizedTest(name = "width {0}, {1}")
    @MethodSource("forms")
    void everyElementIsDeliveredOnceAndGroupsAreFreedInOrder(int width, Reservation reservation) {
        int capacity = 512;
        int threads = 128;
        Rig rig = new Rig(width, reservation, capacity, threads);
        Random random = new Random(20);
        int group = rig.layout.elementsPerDoneCount();
        for (int round = 0; round < 6; round++) {
            gpu.memset(rig.seen, 0, 4L * SEEN);
            int[] n = new int[threads];
            for (int t = 0; t < threads; t++) {
                n[t] = random.nextInt(4);
            }
            int total = Arrays.stream(n).sum();
            long tailBefore = rig.channel.dataTail();
            long controlBefore = rig.channel.controlReserveTail();
            long[] firsts = rig.produce(n, 0);
            assertEquals(tailBefore + total, rig.channel.dataTail(), "round " + round + ": data tail");
            assertEquals(controlBefore + total, rig.channel.controlReserveTail(), "round " + round + ": control");
            assertReservationsPartition(firsts, n, tailBefore, width, reservation);

            int[] slots = rig.dispatch(capacity);
            assertEquals(total, slots.length, "round " + round + ": every enqueued element is Ready");
            rig.consume(slots);
            for (int t = 0; t < threads; t++) {
                for (int i = 0; i < 16; i++) {
                    assertEquals(
                            i < n[t] ? 1 : 0,
                            rig.seen(t * 16 + i),
                            "round " + round + ": element " + i + " of work-item " + t + " delivered this often");
                }
            }
            rig.channel.reclaim();
            long tail = rig.channel.dataTail();
            assertEquals(
                    tail / group * group,
                    rig.channel.dataHead(),
                    "round " + round + ": every complete group up to the tail's is freed, the tail's group is not");
        }
    }

    @ParameterizedTest(name = "width {0}, {1}")
    @MethodSource("forms")
    void noSlotIsReservedAgainBeforeItsDoneCountCompletes(int width, Reservation reservation) {
        int capacity = 256;
        int threads = 64;
        Rig rig = new Rig(width, reservation, capacity, threads);
        int group = rig.layout.elementsPerDoneCount();
        assertEquals(64, group);

        int[] four = new int[threads];
        Arrays.fill(four, 4);
        long[] firsts = rig.produce(four, 0);
        assertReservationsPartition(firsts, four, 0, width, reservation);
        assertEquals(capacity, rig.channel.dataTail(), "the channel is full");
        int[] all = rig.dispatch(capacity);
        assertEquals(capacity, all.length);
        int[] original = new int[capacity];
        for (int s = 0; s < capacity; s++) {
            original[s] = rig.elementValue(s);
        }

        // Free group 1 only: group 0 blocks the head, so nothing is deallocated (allocation order).
        gpu.memset(rig.seen, 0, 4L * SEEN);
        rig.consume(Arrays.stream(all).filter(s -> s / group == 1).toArray());
        assertEquals(group, rig.channel.doneCount(64), "group 1 done");
        assertEquals(0, rig.channel.doneCount(0), "group 0 untouched");
        rig.channel.reclaim();
        assertEquals(0, rig.channel.dataHead(), "group 1 is not freed before group 0");

        // The channel has no free slot, although group 1 is done: every reservation fails, nothing is written.
        int[] one = new int[threads];
        Arrays.fill(one, 1);
        long[] refused = rig.produce(one, 2048);
        for (int t = 0; t < threads; t++) {
            assertEquals(Channel.FULL, refused[t], "work-item " + t + " must find the channel full");
        }
        assertEquals(capacity, rig.channel.dataTail());
        for (int s = 0; s < capacity; s++) {
            assertEquals(original[s], rig.elementValue(s), "slot " + s + " was overwritten before it was freed");
        }

        // Freeing group 0 frees both groups, in order; exactly their slots are reserved next.
        rig.consume(Arrays.stream(all).filter(s -> s / group == 0).toArray());
        rig.channel.reclaim();
        assertEquals(2L * group, rig.channel.dataHead());
        int[] two = new int[threads];
        Arrays.fill(two, 2);
        long[] again = rig.produce(two, 2048);
        assertReservationsPartition(again, two, capacity, width, reservation);
        for (int t = 0; t < threads; t++) {
            for (int i = 0; i < 2; i++) {
                int slot = rig.channel.slot(again[t] + i);
                assertTrue(slot < 2 * group, "slot " + slot + " of groups 2-3 reused while they are not done");
            }
        }
        for (int s = 2 * group; s < capacity; s++) {
            assertEquals(original[s], rig.elementValue(s), "slot " + s + " was overwritten before it was freed");
        }

        // Drain: every element of both rounds delivered exactly once.
        rig.consume(Arrays.stream(all).filter(s -> s / group >= 2).toArray());
        int[] rest = rig.dispatch(capacity);
        assertEquals(2 * threads, rest.length);
        rig.consume(rest);
        for (int t = 0; t < threads; t++) {
            for (int i = 0; i < 4; i++) {
                assertEquals(1, rig.seen(t * 16 + i), "round 1 work-item " + t + " element " + i);
            }
            for (int i = 0; i < 2; i++) {
                assertEquals(1, rig.seen(2048 + t * 16 + i), "round 2 work-item " + t + " element " + i);
            }
        }
        rig.channel.reclaim();
        assertEquals(capacity + 2L * threads, rig.channel.dataHead(), "everything freed");
    }

    /** Figure 17's point: the wavefront form does one reservation per wavefront, the baseline one per lane. */
    @Test
    void wavefrontReservationCutsAtomicsAtLeastThirtyTwoFoldAtWidth64() {
        long[] atomics = new long[2];
        for (Reservation r : Reservation.values()) {
            Rig rig = new Rig(64, r, 256, 64);
            int[] one = new int[64];
            Arrays.fill(one, 1);
            rig.produce(one, 0);
            assertEquals(64, rig.channel.dataTail());
            atomics[r.ordinal()] = rig.lastStats.atomics();
        }
        // One wavefront: a CAS on the data tail and a fetch-and-add on the control reserve tail.
        assertEquals(2, atomics[Reservation.WAVEFRONT.ordinal()], "wavefront form");
        assertTrue(
                atomics[Reservation.WORK_ITEM.ordinal()] >= 32 * atomics[Reservation.WAVEFRONT.ordinal()],
                "baseline " + atomics[Reservation.WORK_ITEM.ordinal()] + " atomics vs wavefront "
                        + atomics[Reservation.WAVEFRONT.ordinal()]);
    }
}
