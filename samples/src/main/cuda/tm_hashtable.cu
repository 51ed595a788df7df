// TM study, HT (Fung thesis §4.3, Table 4.2; Table 6.2 HT-H/HT-M/HT-L): a chained hash table; every thread
// inserts key-value pairs keys[i] into bucket keys[i] % buckets, linking node i (key, value, next) at the bucket's
// head. The transactional version reads one word (the head) and writes four (the node and the head); the
// fine-grained-lock version takes one spin lock per bucket, in the done-flag form that completes under a pre-Volta
// SIMT stack.
#include "../../../../gpu-model/src/main/cuda/gmac_tm.cuh"

extern "C" __global__ void ht_insert_tm(volatile int* heads, volatile int* nodes, const int* keys, int buckets, int n) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        int key = keys[i];
        int b = (int)((unsigned)key % (unsigned)buckets);
        TX_BEGIN();
        int head = heads[b];
        nodes[3 * i] = key;
        nodes[3 * i + 1] = i;
        nodes[3 * i + 2] = head;
        heads[b] = i;
        TX_COMMIT();
    }
}

extern "C" __global__ void ht_insert_fgl(volatile int* heads, volatile int* nodes, const int* keys, int* locks,
                                         int buckets, int n) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        int key = keys[i];
        int b = (int)((unsigned)key % (unsigned)buckets);
        bool done = false;
        while (!done) {
            if (atomicCAS(&locks[b], 0, 1) == 0) {
                int head = heads[b];
                nodes[3 * i] = key;
                nodes[3 * i + 1] = i;
                nodes[3 * i + 2] = head;
                heads[b] = i;
                __threadfence();
                atomicExch(&locks[b], 0);
                done = true;
            }
        }
    }
}
