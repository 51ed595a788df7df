// Test kernels for the device library channels.cuh (Orr et al., ISCA 2014, Table 1 and Fig 5): a producer that
// reserves a different number of elements per work-item and a consumer that takes the elements of its dispatch
// record. dev.gmac.channels.gpu.ChannelsLibraryTest checks the channel invariants around them.
#include "channels.cuh"

// Work-item t (global index) reserves counts[t] (0..15) elements of channel `id`, writes base + t * 16 + i into
// element i, and enqueues them; firsts[t] gets its first sequence number or GMAC_FULL.
extern "C" __global__ void Produce(int id, const int* counts, long long* firsts, int base) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int n = counts[t];
    long long first = talloc(id, n);
    firsts[t] = first;
    if (first != GMAC_FULL) {
        for (int i = 0; i < n; i++) {
            *(int*) gmac_ce(id, first + i) = base + t * 16 + i;
        }
        enq(id, first, n);
    }
}

// Each work-item with an element counts its value in seen[] (atomically: a duplicate shows as 2), copies it to
// values[cta * lanes + item], and frees it.
extern "C" __global__ void Consume(int* seen, int* values) {
    int srcID, srcOff;
    bool have = gmac_work_item(&srcID, &srcOff);
    int off = -1;
    if (have) {
        int v = *(const int*) deq(srcID, srcOff);
        atomicAdd(&seen[v], 1);
        values[blockIdx.x * blockDim.x + threadIdx.x] = v;
        off = srcOff;
    }
    tfree(gmac_dispatch_record()->channel, off);
}
