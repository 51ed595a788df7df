package dev.gmac.channels.gpu;

import dev.gmac.channels.ChannelLayout;
import dev.gmac.gpu.SoftwareGpu;
import dev.gmac.gpu.ptx.PtxModule;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Objects;

/**
 * The device-memory structures that {@code channels.cuh} reads (Orr et al., ISCA 2014, §4.1 and Table 1): one
 * {@code gmac_channel} descriptor per channel id, the {@code gmac_runtime} record (descriptor table, reservation
 * form, dispatch records, yield channel), and the dispatch records that tell each work-group which elements it
 * processes (the paper's {@code srcID}/{@code srcOff}). {@link #install(PtxModule)} points a module's {@code gmac_rt}
 * at the record. The struct layouts here and in {@code channels.cuh} must stay equal (offsets are named below).
 *
 * <p>Not thread-safe: one dispatcher writes the records, between launches or while the CTAs that read them are not
 * yet started.
 */
public final class DeviceRuntime {
    /** Bytes of one {@code gmac_channel}. */
    public static final int CHANNEL_BYTES = 48;
    /** Bytes of {@code gmac_runtime}. */
    public static final int RUNTIME_BYTES = 64;
    /** Bytes of a dispatch record before its slot array. */
    public static final int RECORD_HEADER_BYTES = 24;
    /** Bytes of a {@code gmac_restart} (a yield channel's element). */
    public static final int RESTART_BYTES = 16;
    /** The name of the runtime pointer in every module that includes {@code channels.cuh}. */
    public static final String RUNTIME_SYMBOL = "gmac_rt";

    /** Which reservation {@code talloc}/{@code enq}/{@code tfree} use (runtime field {@code mode}). */
    public enum Reservation {
        /** The GPU-efficient channel (Fig 5): one atomic per wavefront, by the leader lane after a prefix sum. */
        WAVEFRONT(0),
        /** The baseline: every work-item does its own CAS loop, fetch-and-add and done-count add. */
        WORK_ITEM(1);

        private final int code;

        Reservation(int code) {
            this.code = code;
        }

        /** The value of {@code GMAC_WAVEFRONT} / {@code GMAC_WORK_ITEM}. */
        public int code() {
            return code;
        }
    }

    /** A channel region in device memory: its address and layout. */
    public record DeviceChannel(long address, ChannelLayout layout) {
        public DeviceChannel {
            Objects.requireNonNull(layout, "layout");
        }
    }

    private final SoftwareGpu gpu;
    private final long runtime;
    private final long table;
    private final long records;
    private final int recordBytes;
    private final int recordCount;
    private final int recordLanes;
    private final int channelCount;

    /**
     * Writes the descriptors of {@code channels} (channel id = list index) and the runtime record into {@code
     * gpu}'s memory, with room for {@code recordCount} dispatch records of up to {@code recordLanes} work-items.
     *
     * @param yieldChannel the id of the channel that receives restart contexts, or -1 for none
     */
    public DeviceRuntime(
            SoftwareGpu gpu,
            List<DeviceChannel> channels,
            Reservation reservation,
            int recordCount,
            int recordLanes,
            int yieldChannel) {
        this.gpu = Objects.requireNonNull(gpu, "gpu");
        Objects.requireNonNull(reservation, "reservation");
        if (channels.isEmpty()) {
            throw new IllegalArgumentException("a device runtime needs at least one channel");
        }
        if (recordCount < 1 || recordLanes < 1) {
            throw new IllegalArgumentException(
                    "need at least one dispatch record of one lane, got " + recordCount + " x " + recordLanes);
        }
        if (yieldChannel < -1 || yieldChannel >= channels.size()) {
            throw new IllegalArgumentException(
                    "yield channel " + yieldChannel + " is not one of the " + channels.size() + " channels");
        }
        this.channelCount = channels.size();
        this.recordLanes = recordLanes;
        this.recordCount = recordCount;
        this.recordBytes = (RECORD_HEADER_BYTES + Integer.BYTES * recordLanes + 7) & ~7;
        this.table = gpu.malloc((long) CHANNEL_BYTES * channels.size());
        this.records = gpu.malloc((long) recordBytes * recordCount);
        this.runtime = gpu.malloc(RUNTIME_BYTES);
        ByteBuffer t = gpu.deviceView(table, CHANNEL_BYTES * channels.size());
        for (int id = 0; id < channels.size(); id++) {
            DeviceChannel c = channels.get(id);
            ChannelLayout l = c.layout();
            int at = id * CHANNEL_BYTES;
            t.putLong(at, c.address()); // region
            t.putLong(at + 8, c.address() + l.controlOffset()); // control
            t.putLong(at + 16, c.address() + l.dataOffset()); // data
            t.putLong(at + 24, c.address() + l.doneCountsOffset()); // done
            t.putInt(at + 32, l.elementSize());
            t.putInt(at + 36, l.capacity());
            t.putInt(at + 40, Integer.numberOfTrailingZeros(l.elementsPerDoneCount())); // group_shift
            t.putInt(at + 44, Integer.numberOfTrailingZeros(l.capacity())); // capacity_shift
        }
        ByteBuffer r = gpu.deviceView(runtime, RUNTIME_BYTES);
        r.putLong(0, table); // channels
        r.putInt(8, channels.size()); // channel_count
        r.putInt(12, reservation.code()); // mode
        r.putLong(16, records); // dispatch
        r.putInt(24, recordBytes); // record_bytes
        r.putInt(28, recordCount); // record_count
        r.putInt(32, yieldChannel); // yield_channel
        r.putInt(36, 0); // levels_checked
    }

    /** The address of the {@code gmac_runtime} record. */
    public long address() {
        return runtime;
    }

    /** Number of channel ids. */
    public int channelCount() {
        return channelCount;
    }

    /** Switches the reservation form (between launches). */
    public void reservation(Reservation reservation) {
        gpu.deviceView(runtime, RUNTIME_BYTES).putInt(12, reservation.code());
    }

    /**
     * Points {@code module}'s {@code gmac_rt} at this runtime.
     *
     * @throws IllegalArgumentException when the module does not include {@code channels.cuh}
     */
    public void install(PtxModule module) {
        Long at = module.program().globalAddresses().get(RUNTIME_SYMBOL);
        if (at == null) {
            throw new IllegalArgumentException("the module has no global '" + RUNTIME_SYMBOL
                    + "'; kernels that use channels must include channels.cuh");
        }
        gpu.deviceView(at, Long.BYTES).putLong(0, runtime);
    }

    /** Work-items one dispatch record can name. */
    public int recordLanes() {
        return recordLanes;
    }

    /** Number of dispatch records (work-groups of one launch). */
    public int recordCount() {
        return recordCount;
    }

    /**
     * Writes dispatch record {@code cta}: work-item {@code i < count} processes data slot {@code slots[from + i]}
     * of channel {@code channel}; a yield saves the context to {@code saveArea} ({@code saveBytes}; 0 for none).
     */
    public void writeRecord(int cta, int channel, int[] slots, int from, int count, long saveArea, long saveBytes) {
        if (cta < 0 || cta >= recordCount) {
            throw new IndexOutOfBoundsException("dispatch record " + cta + " of " + recordCount);
        }
        if (count < 0 || count > recordLanes) {
            throw new IllegalArgumentException(
                    "a dispatch record holds up to " + recordLanes + " work-items, got " + count);
        }
        if (channel < 0 || channel >= channelCount) {
            throw new IllegalArgumentException("channel id " + channel + " of " + channelCount);
        }
        ByteBuffer b = gpu.deviceView(records + (long) cta * recordBytes, recordBytes);
        b.putInt(0, channel);
        b.putInt(4, count);
        b.putLong(8, saveArea);
        b.putLong(16, saveBytes);
        for (int i = 0; i < count; i++) {
            b.putInt(RECORD_HEADER_BYTES + 4 * i, slots[from + i]);
        }
    }
}
