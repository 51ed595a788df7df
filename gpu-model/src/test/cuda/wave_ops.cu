// Wavefront-wide operations at both warp widths (dev.gmac.gpu.exec.WaveOpsKernelTest), through gmac_warp.cuh.
#include "../../main/cuda/gmac_warp.cuh"

// Each thread asks for counts[i] slots; one atomic per wavefront reserves the wavefront's total at *tail (the
// wavefront-amortized reservation of Orr et al., ISCA 2014, Fig 5) and each thread gets base + its exclusive prefix.
extern "C" __global__ void wave_reserve(const int* counts, int* slots, int* tail, int* atomics, int* waveSize) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int total;
    int prefix = gmac_wave_exclusive_sum(counts[i], &total);
    int base = 0;
    if (gmac_lane_id() == gmac_leader()) {
        base = atomicAdd(tail, total);
        atomicAdd(atomics, 1);
    }
    base = gmac_shfl_idx(base, gmac_leader());
    slots[i] = base + prefix;
    if (i == 0) {
        *waveSize = gmac_wave_size();
    }
}

// The 64-bit ballot of (i % 3 == 0) and the wavefront's active mask, per thread; odd threads of the second
// half of each block exit first.
extern "C" __global__ void wave_ballot(unsigned long long* ballots, unsigned long long* masks) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if ((threadIdx.x & 1) && threadIdx.x >= blockDim.x / 2) {
        return;
    }
    ballots[i] = gmac_ballot(i % 3 == 0);
    masks[i] = gmac_active_mask();
}
