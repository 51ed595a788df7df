// KM, the k-means workload of GPU-LocalTM's evaluation (Villegas et al., "GPU-LocalTM: A Lightweight
// Transactional Memory for GPU Local Memory", Euro-Par 2016 Workshops, section 5: only about 10% of its code
// can use TM or locks). Our own kernels for one assignment step: each work-item finds the nearest of `k`
// centres for its points (the parallel part), then adds each point to its cluster's sums and count in shared
// memory (the critical section): a transaction per point (--tm localtm-dcd or localtm-smdcd), atomics, a spin lock per cluster (km_fgl), or the
// critical sections serialised (work-item 0 adds every point of the work-group). Integer sums commute, so every
// version ends with the same sums. Contention is set by `k`: few clusters, high contention.
//
// points: x, y pairs (ints); work-item t of work-group g owns points (g * blockDim.x + t) * per_item + i.
// centres: k x, y pairs. out[g * 3k + 3c ...] = sum x, sum y, count of cluster c.
#include "gmac_lockset.cuh"
#include "gmac_tm.cuh"

__device__ __forceinline__ int km_nearest(const int* centres, int k, int x, int y) {
    int best = 0;
    int bestDist = 0x7fffffff;
    for (int c = 0; c < k; c++) {
        int dx = x - centres[2 * c];
        int dy = y - centres[2 * c + 1];
        int d = dx * dx + dy * dy;
        if (d < bestDist) {
            bestDist = d;
            best = c;
        }
    }
    return best;
}

__device__ __forceinline__ void km_clear(int* sums, int k) {
    for (int i = threadIdx.x; i < 3 * k; i += blockDim.x) {
        sums[i] = 0;
    }
    __syncthreads();
}

__device__ __forceinline__ void km_out(const int* sums, int k, int* out) {
    __syncthreads();
    for (int i = threadIdx.x; i < 3 * k; i += blockDim.x) {
        out[blockIdx.x * 3 * k + i] = sums[i];
    }
}

extern "C" __global__ void km_tm(const int* points, const int* centres, int per_item, int k, int* out) {
    extern __shared__ int sums[];
    km_clear(sums, k);
    volatile int* s = sums;
    int first = (blockIdx.x * blockDim.x + threadIdx.x) * per_item;
    for (int i = 0; i < per_item; i++) {
        int x = points[2 * (first + i)];
        int y = points[2 * (first + i) + 1];
        int c = km_nearest(centres, k, x, y);
        TX_BEGIN();
        s[3 * c] = s[3 * c] + x;
        s[3 * c + 1] = s[3 * c + 1] + y;
        s[3 * c + 2] = s[3 * c + 2] + 1;
        TX_COMMIT();
    }
    km_out(sums, k, out);
}

extern "C" __global__ void km_atomic(const int* points, const int* centres, int per_item, int k, int* out) {
    extern __shared__ int sums[];
    km_clear(sums, k);
    int first = (blockIdx.x * blockDim.x + threadIdx.x) * per_item;
    for (int i = 0; i < per_item; i++) {
        int x = points[2 * (first + i)];
        int y = points[2 * (first + i) + 1];
        int c = km_nearest(centres, k, x, y);
        atomicAdd(&sums[3 * c], x);
        atomicAdd(&sums[3 * c + 1], y);
        atomicAdd(&sums[3 * c + 2], 1);
    }
    km_out(sums, k, out);
}

// The nearest centres are found in parallel and kept in the work-group's shared memory after the sums (3k
// words, then blockDim.x * per_item words); work-item 0 then adds every point.
extern "C" __global__ void km_serial(const int* points, const int* centres, int per_item, int k, int* out) {
    extern __shared__ int sums[];
    int* cluster = sums + 3 * k;
    km_clear(sums, k);
    int first = (blockIdx.x * blockDim.x + threadIdx.x) * per_item;
    for (int i = 0; i < per_item; i++) {
        int x = points[2 * (first + i)];
        int y = points[2 * (first + i) + 1];
        cluster[threadIdx.x * per_item + i] = km_nearest(centres, k, x, y);
    }
    __syncthreads();
    volatile int* s = sums;
    if (threadIdx.x == 0) {
        int base = blockIdx.x * blockDim.x * per_item;
        for (int j = 0; j < (int)blockDim.x * per_item; j++) {
            int x = points[2 * (base + j)];
            int y = points[2 * (base + j) + 1];
            int c = cluster[j];
            s[3 * c] = s[3 * c] + x;
            s[3 * c + 1] = s[3 * c + 1] + y;
            s[3 * c + 2] = s[3 * c + 2] + 1;
        }
    }
    km_out(sums, k, out);
}

// Fine-grained locks: a spin lock per cluster (after the sums: k more words), taken with gmac_lockset.cuh.
extern "C" __global__ void km_fgl(const int* points, const int* centres, int per_item, int k, int* out) {
    extern __shared__ int sums[];
    int* locks = sums + 3 * k;
    for (int i = threadIdx.x; i < k; i += blockDim.x) {
        locks[i] = 0;
    }
    km_clear(sums, k);
    volatile int* s = sums;
    int first = (blockIdx.x * blockDim.x + threadIdx.x) * per_item;
    for (int i = 0; i < per_item; i++) {
        int x = points[2 * (first + i)];
        int y = points[2 * (first + i) + 1];
        int c = km_nearest(centres, k, x, y);
        LockSet set;
        lockset_init(set);
        lockset_add(set, c);
        volatile bool done = false; // volatile: nvcc may not move the critical section out of the loop
        while (!done) {
            if (lockset_try(locks, set)) {
                s[3 * c] = s[3 * c] + x;
                s[3 * c + 1] = s[3 * c + 1] + y;
                s[3 * c + 2] = s[3 * c + 2] + 1;
                lockset_release(locks, set);
                done = true;
            }
        }
    }
    km_out(sums, k, out);
}
