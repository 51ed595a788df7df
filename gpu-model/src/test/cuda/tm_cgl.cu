// Transactions under a TM model (dev.gmac.gpu.exec.TmKernelTest): three shapes from the TM literature, each
// correct only if the transactions are serializable.
#include "../../main/cuda/gmac_tm.cuh"

// Every thread increments one shared counter inside a transaction: the result is the thread count.
extern "C" __global__ void tx_counter(volatile int* counter, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        TX_BEGIN();
        int c = *counter;
        *counter = c + 1;
        TX_COMMIT();
    }
}

// Chained hash-table insert: thread i links node i at the head of bucket keys[i] % buckets.
extern "C" __global__ void tx_hash_insert(volatile int* heads, volatile int* next, const int* keys, int buckets, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int b = keys[i] % buckets;
        TX_BEGIN();
        next[i] = heads[b];
        heads[b] = i;
        TX_COMMIT();
    }
}

// Bank transfer: thread i moves amount[i] from account from[i] to account to[i] when the balance allows.
extern "C" __global__ void tx_transfer(volatile int* balance, const int* from, const int* to, const int* amount,
                                       volatile int* done, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int a = from[i];
        int b = to[i];
        int m = amount[i];
        TX_BEGIN();
        int ba = balance[a];
        if (ba >= m) {
            balance[a] = ba - m;
            balance[b] = balance[b] + m;
            done[i] = 1;
        } else {
            done[i] = 0;
        }
        TX_COMMIT();
    }
}
