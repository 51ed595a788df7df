// IT, an intensity table (a histogram of image intensities): one of the eight workloads of GPU-LocalTM's evaluation
// (Villegas et al., "GPU-LocalTM: A Lightweight Transactional Memory for GPU Local Memory", Euro-Par 2016
// Workshops, section 5). Our copy of the paper names IT without describing it (its Table 2 is missing); the paper
// says IT's atomics version is simple and that TM and FGL beat the serialised version on it, which a histogram
// has. Our own kernels in four versions: a transaction per pixel (--tm localtm-dcd or localtm-smdcd), atomics
// (atomicAdd), a spin lock per bin (it_fgl), and the critical sections serialised (work-item 0 adds the work-group's pixels).
//
// Work-item t of work-group g reads pixels[(g * blockDim.x + t) * per_item + i] for i < per_item, maps each to its
// bin (the non-transactional part: a gamma-like curve, then intensity * bins / 256) and adds 1 to the bin's count
// and the pixel to the bin's sum. Shared memory: 2 * bins words (count, sum per bin). Counts and sums commute, so
// every version ends with exactly the serialised version's table, copied to out[g * 2 * bins ...].
#include "gmac_lockset.cuh"
#include "gmac_tm.cuh"

__device__ __forceinline__ int it_bin(int pixel, int bins) {
    int p = pixel & 255;
    int curved = (p * p + 255 * p) >> 9; // 0..254, a gamma-like curve
    return curved * bins / 255;
}

__device__ __forceinline__ void it_clear(int* table, int words) {
    for (int i = threadIdx.x; i < words; i += blockDim.x) {
        table[i] = 0;
    }
    __syncthreads();
}

__device__ __forceinline__ void it_out(const int* table, int words, int* out) {
    __syncthreads();
    for (int i = threadIdx.x; i < words; i += blockDim.x) {
        out[blockIdx.x * words + i] = table[i];
    }
}

extern "C" __global__ void it_tm(const int* pixels, int per_item, int bins, int* out) {
    extern __shared__ int table[];
    it_clear(table, 2 * bins);
    volatile int* h = table;
    const int* mine = pixels + (blockIdx.x * blockDim.x + threadIdx.x) * per_item;
    for (int i = 0; i < per_item; i++) {
        int p = mine[i];
        int b = it_bin(p, bins);
        TX_BEGIN();
        h[2 * b] = h[2 * b] + 1;
        h[2 * b + 1] = h[2 * b + 1] + p;
        TX_COMMIT();
    }
    it_out(table, 2 * bins, out);
}

extern "C" __global__ void it_atomic(const int* pixels, int per_item, int bins, int* out) {
    extern __shared__ int table[];
    it_clear(table, 2 * bins);
    const int* mine = pixels + (blockIdx.x * blockDim.x + threadIdx.x) * per_item;
    for (int i = 0; i < per_item; i++) {
        int p = mine[i];
        int b = it_bin(p, bins);
        atomicAdd(&table[2 * b], 1);
        atomicAdd(&table[2 * b + 1], p);
    }
    it_out(table, 2 * bins, out);
}

// The bins are found in parallel and kept after the table (blockDim.x * per_item words); work-item 0 adds them.
extern "C" __global__ void it_serial(const int* pixels, int per_item, int bins, int* out) {
    extern __shared__ int table[];
    int* bin = table + 2 * bins;
    it_clear(table, 2 * bins);
    const int* mine = pixels + (blockIdx.x * blockDim.x + threadIdx.x) * per_item;
    for (int i = 0; i < per_item; i++) {
        bin[threadIdx.x * per_item + i] = it_bin(mine[i], bins);
    }
    __syncthreads();
    volatile int* h = table;
    if (threadIdx.x == 0) {
        const int* all = pixels + blockIdx.x * blockDim.x * per_item;
        for (int j = 0; j < (int)blockDim.x * per_item; j++) {
            int b = bin[j];
            h[2 * b] = h[2 * b] + 1;
            h[2 * b + 1] = h[2 * b + 1] + all[j];
        }
    }
    it_out(table, 2 * bins, out);
}

// Fine-grained locks: a spin lock per bin (after the table: bins more words), taken with gmac_lockset.cuh.
extern "C" __global__ void it_fgl(const int* pixels, int per_item, int bins, int* out) {
    extern __shared__ int table[];
    int* locks = table + 2 * bins;
    for (int i = threadIdx.x; i < bins; i += blockDim.x) {
        locks[i] = 0;
    }
    it_clear(table, 2 * bins);
    volatile int* h = table;
    const int* mine = pixels + (blockIdx.x * blockDim.x + threadIdx.x) * per_item;
    for (int i = 0; i < per_item; i++) {
        int p = mine[i];
        int b = it_bin(p, bins);
        LockSet set;
        lockset_init(set);
        lockset_add(set, b);
        volatile bool done = false; // volatile: nvcc may not move the critical section out of the loop
        while (!done) {
            if (lockset_try(locks, set)) {
                h[2 * b] = h[2 * b] + 1;
                h[2 * b + 1] = h[2 * b + 1] + p;
                lockset_release(locks, set);
                done = true;
            }
        }
    }
    it_out(table, 2 * bins, out);
}
