// channels.cuh: the channel API of Orr, Beckmann, Reinhardt and Wood, "Fine-grain Task Aggregation and
// Coordination on GPUs" (ISCA 2014, section 4.1, Table 1) for kernels that run on gmac-jvm's software GPU as kernel
// nodes of a channel-flow graph (dev.gmac.channels.gpu.GpuGraphExecutor).
//
// A channel is the same region of bytes as the host's dev.gmac.channels.Channel (layout version 2, see
// dev.gmac.channels.ChannelLayout and docs/channels.md): counters at fixed offsets, a done-count array, a control
// array of 2C tagged entries ((tag << 32) | data slot, tag = lap of the entry's sequence number + 1) and the data
// array of C elements. Kernels and host threads can work on one channel; the aggregator (the GPU's control
// processor, a timing-model agent) dispatches, deallocates and restarts yielded wavefronts.
//
//   long long first = talloc(id, n);      // reserve n elements (GMAC_FULL when there is no room)
//   T* e = (T*) gmac_ce(id, first + i);   // element i of the reservation (a reservation may wrap around)
//   enq(id, first, n);                    // make them Ready
//   T* s = (T*) deq(srcID, srcOff);       // the element this work-item was dispatched
//   tfree(srcID, srcOff);                 // done with it
//
// talloc, enq and tfree are wavefront operations: every active lane of the wavefront calls them together (a lane
// with nothing to reserve passes 0). Two forms, chosen at run time by the executor (gmac_rt->mode):
//   GMAC_WAVEFRONT (the paper's GPU-efficient channel, Fig 5): lane counts are summed over the wavefront with
//     ballots, the lowest active lane (the leader) does one CAS (talloc) or one fetch-and-add (enq) for the whole
//     wavefront, and broadcasts the base; tfree adds once per done-count group the wavefront touches.
//   GMAC_WORK_ITEM (the baseline): every lane with a count runs its own CAS loop, its own fetch-and-add and its own
//     done-count add.
// talloc_yield(id, n) is talloc that yields the wavefront (yield.wave) while the channel is full, after writing a
// restart context to the runtime's yield channel; the aggregator restarts it on the same compute unit once the
// channel has room (section 6).
//
// The struct layouts below must match dev.gmac.channels.gpu.DeviceRuntime.
#ifndef GMAC_CHANNELS_CUH
#define GMAC_CHANNELS_CUH

#include "gmac_warp.cuh"

#define GMAC_FULL (-1LL)
#define GMAC_WAVEFRONT 0
#define GMAC_WORK_ITEM 1

// Offsets of the channel region (ChannelLayout, version 2).
#define GMAC_DATA_HEAD 128
#define GMAC_DATA_TAIL 256
#define GMAC_CONTROL_RESERVE_TAIL 512
#define GMAC_PRODUCER_LIMIT 768

// One channel as the device library sees it (48 bytes): where its parts are, and its shape.
typedef struct {
    unsigned long long region;   // the channel region (descriptor and counters)
    unsigned long long control;  // the control array: 2C entries of 8 bytes
    unsigned long long data;     // the data array: C elements
    unsigned long long done;     // the done-count array: C / G ints
    int element_size;
    int capacity;                // C, a power of two
    int group_shift;             // log2(G), G = elements per done count
    int capacity_shift;          // log2(C)
} gmac_channel;

// The runtime of one graph execution (64 bytes), written by the executor.
typedef struct {
    const gmac_channel* channels;  // by channel id
    int channel_count;
    int mode;                      // GMAC_WAVEFRONT or GMAC_WORK_ITEM
    unsigned long long dispatch;   // dispatch records, one per CTA id
    int record_bytes;
    int record_count;
    int yield_channel;             // channel id of the restart contexts
    int levels_checked;
    unsigned long long reserved[3];
} gmac_runtime;

// What the aggregator gives a work-group: the channel, how many elements, where to save a yielded context, and
// the data-array offset of each work-item's element.
typedef struct {
    int channel;
    int count;
    unsigned long long save_area;
    unsigned long long save_bytes;
    int slots[1];  // count entries
} gmac_dispatch;

// A restart context (section 6, step 3): written to the yield channel before a wavefront yields.
typedef struct {
    unsigned long long save_area;  // the saved context
    int channel;                   // the channel it blocked on
    int count;                     // the elements it needs there
} gmac_restart;

// Set by the executor in every module it loads.
extern "C" {
__device__ const gmac_runtime* gmac_rt;
}

__device__ __forceinline__ const gmac_channel* gmac_chan(int id) { return &gmac_rt->channels[id]; }

__device__ __forceinline__ unsigned long long gmac_shfl_idx64(unsigned long long v, int lane) {
    unsigned lo = (unsigned) gmac_shfl_idx((int) (unsigned) v, lane);
    unsigned hi = (unsigned) gmac_shfl_idx((int) (unsigned) (v >> 32), lane);
    return ((unsigned long long) hi << 32) | lo;
}

// Exclusive prefix sum of the active lanes' non-negative counts, by one ballot per bit of the counts (works with
// any set of active lanes, unlike a shuffle scan); *total gets the wavefront's sum.
__device__ __forceinline__ int gmac_wave_offset(int count, int* total) {
    unsigned long long active = gmac_active_mask();
    unsigned lane = gmac_lane_id();
    unsigned long long below = active & ((1ULL << lane) - 1ULL);
    int offset = 0;
    int sum = 0;
    for (int b = 0; gmac_ballot((count >> b) != 0) != 0ULL; b++) {
        unsigned long long bits = gmac_ballot((count >> b) & 1);
        offset += __popcll(bits & below) << b;
        sum += __popcll(bits) << b;
    }
    *total = sum;
    return offset;
}

__device__ __forceinline__ long long gmac_load_volatile(unsigned long long addr) {
    return *(volatile long long*) addr;
}

// One CAS loop on the data tail for n elements, checked against the producers' cached free limit (the host's
// algorithm, decision 0206); GMAC_FULL when fewer than n elements are free.
__device__ long long gmac_reserve(const gmac_channel* c, long long n) {
    unsigned long long region = c->region;
    long long capacity = c->capacity;
    long long tail = gmac_load_volatile(region + GMAC_DATA_TAIL);
    for (;;) {
        long long end = tail + n;
        if (end > gmac_load_volatile(region + GMAC_PRODUCER_LIMIT)) {
            long long limit = gmac_load_volatile(region + GMAC_DATA_HEAD) + capacity;
            if (end > limit) {
                return GMAC_FULL;
            }
            *(volatile long long*) (region + GMAC_PRODUCER_LIMIT) = limit;
        }
        long long seen = (long long) atomicCAS((unsigned long long*) (region + GMAC_DATA_TAIL),
                                               (unsigned long long) tail, (unsigned long long) end);
        if (seen == tail) {
            return tail;
        }
        tail = seen;
    }
}

// Table 1's talloc: reserves `count` elements for this lane in channel `id` (0 reserves nothing); returns the
// sequence number of the lane's first element, or GMAC_FULL for every lane of the wavefront (wavefront form) or
// for this lane (work-item form) when the channel has no room.
__device__ long long talloc(int id, int count) {
    const gmac_channel* c = gmac_chan(id);
    if (gmac_rt->mode == GMAC_WORK_ITEM) {
        return count > 0 ? gmac_reserve(c, count) : 0;
    }
    int total;
    int offset = gmac_wave_offset(count, &total);
    if (total == 0) {
        return 0;
    }
    unsigned leader = gmac_leader();
    long long base = 0;
    if (gmac_lane_id() == leader) {
        base = gmac_reserve(c, total);
    }
    base = (long long) gmac_shfl_idx64((unsigned long long) base, leader);
    return base == GMAC_FULL ? GMAC_FULL : base + offset;
}

// The element with sequence number `seq` of channel `id`.
__device__ __forceinline__ void* gmac_ce(int id, long long seq) {
    const gmac_channel* c = gmac_chan(id);
    return (void*) (c->data + (unsigned long long) (seq & (c->capacity - 1)) * c->element_size);
}

__device__ __forceinline__ void gmac_write_entries(const gmac_channel* c, long long ctrl, long long first, int n) {
    int shift = c->capacity_shift + 1;  // the control array has 2C entries
    long long mask = (2LL * c->capacity) - 1;
    for (int i = 0; i < n; i++) {
        long long k = ctrl + i;
        unsigned long long entry = ((unsigned long long) ((k >> shift) + 1) << 32)
                | (unsigned) ((first + i) & (c->capacity - 1));
        *(volatile unsigned long long*) (c->control + 8ULL * (unsigned long long) (k & mask)) = entry;
    }
}

// Table 1's enq: makes this lane's `count` elements from `first` Ready (0: none). The element bytes are written
// before the entries, whose tags alone say what is Ready (decision 0206).
__device__ void enq(int id, long long first, int count) {
    const gmac_channel* c = gmac_chan(id);
    __threadfence();
    if (gmac_rt->mode == GMAC_WORK_ITEM) {
        if (count > 0) {
            long long ctrl = (long long) atomicAdd((unsigned long long*) (c->region + GMAC_CONTROL_RESERVE_TAIL),
                                                   (unsigned long long) count);
            gmac_write_entries(c, ctrl, first, count);
        }
        return;
    }
    int total;
    int offset = gmac_wave_offset(count, &total);
    if (total == 0) {
        return;  // nothing to enqueue: the channel is not touched (id may name no channel)
    }
    unsigned leader = gmac_leader();
    long long ctrl = 0;
    if (gmac_lane_id() == leader) {
        ctrl = (long long) atomicAdd((unsigned long long*) (c->region + GMAC_CONTROL_RESERVE_TAIL),
                                     (unsigned long long) total);
    }
    ctrl = (long long) gmac_shfl_idx64((unsigned long long) ctrl, leader) + offset;
    if (count > 0) {
        gmac_write_entries(c, ctrl, first, count);
    }
}

// Table 1's deq: the element at data-array offset `off` of channel `id`.
__device__ __forceinline__ void* deq(int id, int off) {
    const gmac_channel* c = gmac_chan(id);
    return (void*) (c->data + (unsigned long long) off * c->element_size);
}

// Table 1's tfree: this lane is done with the element at `off` (a lane passing -1 frees nothing). The aggregator
// deallocates completed done-count groups in allocation order.
__device__ void tfree(int id, int off) {
    const gmac_channel* c = gmac_chan(id);
    int group = off >= 0 ? off >> c->group_shift : -1;
    int* done = (int*) c->done;
    if (gmac_rt->mode == GMAC_WORK_ITEM) {
        if (group >= 0) {
            atomicAdd(&done[group], 1);
        }
        return;
    }
    unsigned lane = gmac_lane_id();
    unsigned long long pending = gmac_ballot(group >= 0);
    while (pending != 0ULL) {
        int first = __ffsll((long long) pending) - 1;
        int g = gmac_shfl_idx(group, first);
        unsigned long long same = gmac_ballot(group == g) & pending;
        if (lane == (unsigned) first) {
            atomicAdd(&done[g], __popcll(same));
        }
        pending &= ~same;
    }
}

// This work-group's dispatch record (the CTA id names it).
__device__ __forceinline__ const gmac_dispatch* gmac_dispatch_record() {
    return (const gmac_dispatch*) (gmac_rt->dispatch + (unsigned long long) blockIdx.x * gmac_rt->record_bytes);
}

// The channel and data-array offset of this work-item's element (the paper's srcID and srcOff); false for a
// work-item that got none (the last work-group of a dispatch may be partly filled).
__device__ __forceinline__ bool gmac_work_item(int* srcID, int* srcOff) {
    const gmac_dispatch* d = gmac_dispatch_record();
    int t = threadIdx.x;
    if (t >= d->count) {
        return false;
    }
    *srcID = d->channel;
    *srcOff = d->slots[t];
    return true;
}

// Section 6: writes a restart context (this wavefront's save area, the channel it needs `count` elements of) to
// the yield channel, then yields; returns when the aggregator restarted the wavefront.
__device__ void gmac_yield(int id, int count) {
    const gmac_dispatch* d = gmac_dispatch_record();
    unsigned long long area = d->save_area;
    unsigned long long bytes = d->save_bytes;
    if (gmac_lane_id() == gmac_leader()) {
        int yc = gmac_rt->yield_channel;
        const gmac_channel* c = gmac_chan(yc);
        long long seq = gmac_reserve(c, 1);  // the yield channel has room for every dispatch record
        gmac_restart* r = (gmac_restart*) gmac_ce(yc, seq);
        r->save_area = area;
        r->channel = id;
        r->count = count;
        __threadfence();
        unsigned long long ctrl = atomicAdd((unsigned long long*) (c->region + GMAC_CONTROL_RESERVE_TAIL), 1ULL);
        gmac_write_entries(c, (long long) ctrl, seq, 1);
    }
    asm volatile("yield.wave %0, %1;" ::"l"(area), "l"(bytes) : "memory");
}

// talloc that yields while the channel is full (the wavefront waits without holding a hardware context). In the
// work-item form lanes that got their elements keep them while the others wait.
__device__ long long talloc_yield(int id, int count) {
    long long result = 0;
    int want = count;
    for (;;) {
        long long got = talloc(id, want);
        if (want > 0 && got != GMAC_FULL) {
            result = got;
            want = 0;
        }
        if (gmac_ballot(want > 0) == 0ULL) {
            return result;
        }
        int total;
        gmac_wave_offset(want, &total);
        gmac_yield(id, total);
    }
}

#endif
