// TM study, AP (Fung thesis §4.3: apriori_gen() of the RMS-TM data-mining benchmark, ported to CUDA), written
// here from scratch: one thread per record (a sorted list of at most 16 item ids) counts every pair of its items
// in a shared chained hash table of candidates {a, b, count, next}: an existing candidate's count goes up, a new one
// is linked at its bucket's head (from the record's own node pool, so no allocator is shared). Each record's nodes
// are private until linked, so a first launch (ap_prefill, before either version) fills in every node's pair and a
// count of 1: what the transaction or lock protects is the shared table only, the bucket heads, the chain links and
// the counts of candidates already there (Fung thesis §4.3: "transactions are used to protect candidate insertion
// and support value counting"). The transactional version counts all of a record's pairs in one transaction (one
// commit per record, as Table 4.3's 4550 commits for 4000 records; large read-sets from the chain walks); the
// fine-grained-lock version locks one bucket per pair.
#include "../../../../gpu-model/src/main/cuda/gmac_tm.cuh"

#define MAX_ITEMS 16

__device__ __forceinline__ int bucket(int a, int b, int buckets) {
    return (int)(((unsigned)a * 2654435761u ^ (unsigned)b * 40503u) % (unsigned)buckets);
}

__device__ __forceinline__ void countPair(volatile int* heads, volatile int* cand, int a, int b, int bk, int m) {
    int n = heads[bk];
    while (n >= 0 && (cand[4 * n] != a || cand[4 * n + 1] != b)) {
        n = cand[4 * n + 3];
    }
    if (n >= 0) {
        cand[4 * n + 2] = cand[4 * n + 2] + 1;
    } else {
        cand[4 * m + 3] = heads[bk]; // node m already holds {a, b, 1} (ap_prefill)
        heads[bk] = m;
    }
}

// Fills in node r * maxPairs + k of record r's private pool for its k-th pair {a, b, count 1}; nothing can reach
// these nodes until countPair links one (in the next launch).
extern "C" __global__ void ap_prefill(const int* offsets, const int* items, int* cand, int maxPairs, int records) {
    for (int r = blockIdx.x * blockDim.x + threadIdx.x; r < records; r += gridDim.x * blockDim.x) {
        int lo = offsets[r];
        int count = min(offsets[r + 1] - lo, MAX_ITEMS);
        int m = r * maxPairs;
        for (int i = 0; i < count; i++) {
            for (int j = i + 1; j < count; j++) {
                cand[4 * m] = items[lo + i];
                cand[4 * m + 1] = items[lo + j];
                cand[4 * m + 2] = 1;
                m++;
            }
        }
    }
}

extern "C" __global__ void ap_count_tm(const int* offsets, const int* items, volatile int* heads, volatile int* cand,
                                       int buckets, int maxPairs, int records) {
    for (int r = blockIdx.x * blockDim.x + threadIdx.x; r < records; r += gridDim.x * blockDim.x) {
        int it[MAX_ITEMS];
        int lo = offsets[r];
        int count = min(offsets[r + 1] - lo, MAX_ITEMS);
        for (int i = 0; i < count; i++) {
            it[i] = items[lo + i];
        }
        TX_BEGIN();
        int k = 0;
        for (int i = 0; i < count; i++) {
            for (int j = i + 1; j < count; j++) {
                countPair(heads, cand, it[i], it[j], bucket(it[i], it[j], buckets), r * maxPairs + k);
                k++;
            }
        }
        TX_COMMIT();
    }
}

extern "C" __global__ void ap_count_fgl(const int* offsets, const int* items, volatile int* heads, volatile int* cand,
                                        int* locks, int buckets, int maxPairs, int records) {
    for (int r = blockIdx.x * blockDim.x + threadIdx.x; r < records; r += gridDim.x * blockDim.x) {
        int lo = offsets[r];
        int count = min(offsets[r + 1] - lo, MAX_ITEMS);
        int k = 0;
        for (int i = 0; i < count; i++) {
            for (int j = i + 1; j < count; j++) {
                int a = items[lo + i];
                int b = items[lo + j];
                int bk = bucket(a, b, buckets);
                // volatile keeps nvcc from turning the done-flag loop into a bare spin on the CAS (which would
                // deadlock two lanes of a warp that want one bucket under a pre-Volta SIMT stack)
                volatile bool done = false;
                while (!done) {
                    if (atomicCAS(&locks[bk], 0, 1) == 0) {
                        countPair(heads, cand, a, b, bk, r * maxPairs + k);
                        __threadfence();
                        atomicExch(&locks[bk], 0);
                        done = true;
                    }
                }
                k++;
            }
        }
    }
}
