// VA, a travel-reservation system after STAMP's vacation: one of the eight workloads of GPU-LocalTM's evaluation
// (Villegas et al., "GPU-LocalTM: A Lightweight Transactional Memory for GPU Local Memory", Euro-Par 2016 Workshops,
// section 5: TM beats the serialised version on VA while FGL does not, "the overhead of lock management is too
// high"). The paper gives no listing; ours keeps `items` resources (price, seats left) and `customers` bills in
// shared memory. Each of work-item t's per_item requests queries `queries` items (hashes of t and i), picks the
// cheapest one with a seat left (the lowest index on a tie), takes a seat and adds the price to the customer's bill
// (customer (t * per_item + i) % customers), all in one critical section: many reads, two read-modify-writes.
// Versions: a transaction per request (--tm localtm-dcd or localtm-smdcd), fine-grained locks (every queried item
// and the customer, taken with gmac_lockset.cuh), and the critical sections serialised (work-item 0 serves every
// request). The host gives every item more seats than requests, so the choice never depends on the order and every
// version ends with the serialised version's tables word for word. Contention is set by items and customers.
//
// Shared memory: 2 * items + customers words (+ items + customers locks for FGL); item k is [price, seats] at 2k,
// the bills follow; out[g * (2 * items + customers) ...].
#include "gmac_lockset.cuh"
#include "gmac_tm.cuh"

__device__ __forceinline__ unsigned va_hash(int t, int i, int which) {
    unsigned h = (unsigned)(t * 7919 + i * 104729 + which * 15485863 + 777) * 2654435761u;
    return h ^ (h >> 13);
}

__device__ __forceinline__ void va_open(const int* prices, int items, int customers, int seats, int* sh) {
    for (int k = threadIdx.x; k < items; k += blockDim.x) {
        sh[2 * k] = prices[k];
        sh[2 * k + 1] = seats;
    }
    for (int c = threadIdx.x; c < customers; c += blockDim.x) {
        sh[2 * items + c] = 0;
    }
    __syncthreads();
}

__device__ __forceinline__ void va_close(const int* sh, int words, int* out) {
    __syncthreads();
    for (int i = threadIdx.x; i < words; i += blockDim.x) {
        out[blockIdx.x * words + i] = sh[i];
    }
}

// The critical section: serve request (t, i).
__device__ __forceinline__ void va_reserve(
        volatile int* sh, int items, int customers, int queries, int per_item, int t, int i) {
    int best = -1;
    int bestPrice = 0x7fffffff;
    for (int q = 0; q < queries; q++) {
        int k = va_hash(t, i, q) % (unsigned)items;
        int price = sh[2 * k];
        int seats = sh[2 * k + 1];
        if (seats > 0 && (price < bestPrice || (price == bestPrice && k < best))) {
            best = k;
            bestPrice = price;
        }
    }
    if (best >= 0) {
        int c = 2 * items + (t * per_item + i) % customers;
        sh[2 * best + 1] = sh[2 * best + 1] - 1;
        sh[c] = sh[c] + bestPrice;
    }
}

extern "C" __global__ void va_tm(const int* prices, int items, int customers, int seats, int queries, int per_item,
        int* out) {
    extern __shared__ int sh[];
    va_open(prices, items, customers, seats, sh);
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    for (int i = 0; i < per_item; i++) {
        TX_BEGIN();
        va_reserve(sh, items, customers, queries, per_item, t, i);
        TX_COMMIT();
    }
    va_close(sh, 2 * items + customers, out);
}

extern "C" __global__ void va_fgl(const int* prices, int items, int customers, int seats, int queries, int per_item,
        int* out) {
    extern __shared__ int sh[];
    int* locks = sh + 2 * items + customers;
    for (int k = threadIdx.x; k < items + customers; k += blockDim.x) {
        locks[k] = 0;
    }
    va_open(prices, items, customers, seats, sh);
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    for (int i = 0; i < per_item; i++) {
        LockSet set;
        lockset_init(set);
        for (int q = 0; q < queries; q++) {
            lockset_add(set, va_hash(t, i, q) % (unsigned)items);
        }
        lockset_add(set, items + (t * per_item + i) % customers);
        volatile bool done = false; // volatile: nvcc may not move the critical section out of the loop
        while (!done) {
            if (lockset_try(locks, set)) {
                va_reserve(sh, items, customers, queries, per_item, t, i);
                lockset_release(locks, set);
                done = true;
            }
        }
    }
    va_close(sh, 2 * items + customers, out);
}

extern "C" __global__ void va_serial(const int* prices, int items, int customers, int seats, int queries,
        int per_item, int* out) {
    extern __shared__ int sh[];
    va_open(prices, items, customers, seats, sh);
    if (threadIdx.x == 0) {
        for (int u = 0; u < (int)blockDim.x; u++) {
            int t = blockIdx.x * blockDim.x + u;
            for (int i = 0; i < per_item; i++) {
                va_reserve(sh, items, customers, queries, per_item, t, i);
            }
        }
    }
    va_close(sh, 2 * items + customers, out);
}
