// HT, the hash-table workload of GPU-LocalTM's evaluation (Villegas et al., "GPU-LocalTM: A Lightweight
// Transactional Memory for GPU Local Memory", Euro-Par 2016 Workshops, section 5), our own kernels in four
// versions: a transaction per insertion (run with --tm localtm-dcd or localtm-smdcd), atomics (atomicAdd
// reserves the slot), a spin lock per bucket (ht_fgl), and the critical sections serialised (work-item 0 inserts the work-group's keys).
//
// Each work-group builds its own table in shared memory: `buckets` buckets of `capacity` slots, laid out as
// count[buckets] then slot[buckets * capacity] (dynamic shared memory, (buckets + buckets * capacity) words).
// Work-item t of work-group g inserts keys[(g * blockDim.x + t) * per_item + i] for i < per_item into bucket
// hash(key) % buckets. Contention is set by `buckets`: few buckets, high contention. The host chooses keys so
// no bucket overflows. Afterwards the table goes to out[g * (buckets + buckets * capacity) ...] unchanged:
// slot order inside a bucket depends on the schedule, so a checker compares each bucket's keys as a set.
#include "gmac_lockset.cuh"
#include "gmac_tm.cuh"

__device__ __forceinline__ unsigned ht_hash(int key, int buckets) {
    return ((unsigned)key * 2654435761u) % (unsigned)buckets;
}

// The critical section: appends key to its bucket (count, then the slot it names).
__device__ __forceinline__ void ht_insert(volatile int* table, int buckets, int capacity, int key) {
    unsigned b = ht_hash(key, buckets);
    int c = table[b];
    table[buckets + b * capacity + c] = key;
    table[b] = c + 1;
}

__device__ __forceinline__ void ht_clear(int* table, int words) {
    for (int i = threadIdx.x; i < words; i += blockDim.x) {
        table[i] = 0;
    }
    __syncthreads();
}

__device__ __forceinline__ void ht_copy_out(const int* table, int words, int* out) {
    __syncthreads();
    for (int i = threadIdx.x; i < words; i += blockDim.x) {
        out[blockIdx.x * words + i] = table[i];
    }
}

extern "C" __global__ void ht_tm(const int* keys, int per_item, int buckets, int capacity, int* out) {
    extern __shared__ int table[];
    int words = buckets + buckets * capacity;
    ht_clear(table, words);
    const int* mine = keys + (blockIdx.x * blockDim.x + threadIdx.x) * per_item;
    for (int i = 0; i < per_item; i++) {
        int key = mine[i];
        TX_BEGIN();
        ht_insert(table, buckets, capacity, key);
        TX_COMMIT();
    }
    ht_copy_out(table, words, out);
}

extern "C" __global__ void ht_atomic(const int* keys, int per_item, int buckets, int capacity, int* out) {
    extern __shared__ int table[];
    int words = buckets + buckets * capacity;
    ht_clear(table, words);
    int* count = table;
    volatile int* slot = table + buckets;
    const int* mine = keys + (blockIdx.x * blockDim.x + threadIdx.x) * per_item;
    for (int i = 0; i < per_item; i++) {
        int key = mine[i];
        unsigned b = ht_hash(key, buckets);
        int c = atomicAdd(&count[b], 1);
        slot[b * capacity + c] = key;
    }
    ht_copy_out(table, words, out);
}

extern "C" __global__ void ht_serial(const int* keys, int per_item, int buckets, int capacity, int* out) {
    extern __shared__ int table[];
    int words = buckets + buckets * capacity;
    ht_clear(table, words);
    if (threadIdx.x == 0) {
        const int* all = keys + blockIdx.x * blockDim.x * per_item;
        int n = blockDim.x * per_item;
        for (int j = 0; j < n; j++) {
            ht_insert(table, buckets, capacity, all[j]);
        }
    }
    ht_copy_out(table, words, out);
}

// Fine-grained locks: a spin lock per bucket (after the table in shared memory: buckets more words), taken with
// gmac_lockset.cuh around the same critical section as the serialised version's.
extern "C" __global__ void ht_fgl(const int* keys, int per_item, int buckets, int capacity, int* out) {
    extern __shared__ int table[];
    int words = buckets + buckets * capacity;
    int* locks = table + words;
    for (int i = threadIdx.x; i < buckets; i += blockDim.x) {
        locks[i] = 0;
    }
    ht_clear(table, words);
    const int* mine = keys + (blockIdx.x * blockDim.x + threadIdx.x) * per_item;
    for (int i = 0; i < per_item; i++) {
        int key = mine[i];
        LockSet set;
        lockset_init(set);
        lockset_add(set, (int)ht_hash(key, buckets));
        volatile bool done = false; // volatile: nvcc may not move the critical section out of the loop
        while (!done) {
            if (lockset_try(locks, set)) {
                ht_insert(table, buckets, capacity, key);
                lockset_release(locks, set);
                done = true;
            }
        }
    }
    ht_copy_out(table, words, out);
}
