// DB, the "database" workload of GPU-LocalTM's evaluation (Villegas et al., "GPU-LocalTM: A Lightweight
// Transactional Memory for GPU Local Memory", Euro-Par 2016 Workshops, section 5: prone to conflicts, built to
// stress the TM). The paper gives no listing; ours is a table of account balances in shared memory and
// transfers between two accounts, each a read-modify-write of two words: a transaction per transfer (run with
// --tm localtm-dcd or localtm-smdcd), atomics (atomicSub then atomicAdd), spin locks on both accounts (db_fgl), and the critical sections serialised
// (work-item 0 runs the work-group's transfers). Transfers commute, so every version ends with the same
// balances. Contention is set by `accounts`.
//
// Work-item t of work-group g makes `per_item` transfers; transfer i moves db_amount(t, i) from account
// db_pick(t, i, 0) to db_pick(t, i, 1). Balances start at 1000; out[g * accounts + a] is account a at the end.
#include "gmac_lockset.cuh"
#include "gmac_tm.cuh"

__device__ __forceinline__ int db_pick(int t, int i, int which, int accounts) {
    unsigned h = (unsigned)(t * 7919 + i * 104729 + which * 15485863) * 2654435761u;
    return (int)((h >> 7) % (unsigned)accounts);
}

__device__ __forceinline__ int db_amount(int t, int i) {
    return (t + 3 * i) % 7 + 1;
}

__device__ __forceinline__ void db_open(int* balance, int accounts) {
    for (int a = threadIdx.x; a < accounts; a += blockDim.x) {
        balance[a] = 1000;
    }
    __syncthreads();
}

__device__ __forceinline__ void db_close(const int* balance, int accounts, int* out) {
    __syncthreads();
    for (int a = threadIdx.x; a < accounts; a += blockDim.x) {
        out[blockIdx.x * accounts + a] = balance[a];
    }
}

extern "C" __global__ void db_tm(int per_item, int accounts, int* out) {
    extern __shared__ int balance[];
    db_open(balance, accounts);
    volatile int* b = balance;
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    for (int i = 0; i < per_item; i++) {
        int from = db_pick(t, i, 0, accounts);
        int to = db_pick(t, i, 1, accounts);
        int amount = db_amount(t, i);
        TX_BEGIN();
        b[from] = b[from] - amount;
        b[to] = b[to] + amount;
        TX_COMMIT();
    }
    db_close(balance, accounts, out);
}

extern "C" __global__ void db_atomic(int per_item, int accounts, int* out) {
    extern __shared__ int balance[];
    db_open(balance, accounts);
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    for (int i = 0; i < per_item; i++) {
        int from = db_pick(t, i, 0, accounts);
        int to = db_pick(t, i, 1, accounts);
        int amount = db_amount(t, i);
        atomicSub(&balance[from], amount);
        atomicAdd(&balance[to], amount);
    }
    db_close(balance, accounts, out);
}

extern "C" __global__ void db_serial(int per_item, int accounts, int* out) {
    extern __shared__ int balance[];
    db_open(balance, accounts);
    volatile int* b = balance;
    if (threadIdx.x == 0) {
        for (int u = 0; u < (int)blockDim.x; u++) {
            int t = blockIdx.x * blockDim.x + u;
            for (int i = 0; i < per_item; i++) {
                int from = db_pick(t, i, 0, accounts);
                int to = db_pick(t, i, 1, accounts);
                int amount = db_amount(t, i);
                b[from] = b[from] - amount;
                b[to] = b[to] + amount;
            }
        }
    }
    db_close(balance, accounts, out);
}

// Fine-grained locks: a spin lock per account (after the balances: accounts more words), both accounts of a transfer
// taken with gmac_lockset.cuh (ascending, so two transfers in opposite directions cannot deadlock).
extern "C" __global__ void db_fgl(int per_item, int accounts, int* out) {
    extern __shared__ int balance[];
    int* locks = balance + accounts;
    for (int a = threadIdx.x; a < accounts; a += blockDim.x) {
        locks[a] = 0;
    }
    db_open(balance, accounts);
    volatile int* b = balance;
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    for (int i = 0; i < per_item; i++) {
        int from = db_pick(t, i, 0, accounts);
        int to = db_pick(t, i, 1, accounts);
        int amount = db_amount(t, i);
        LockSet set;
        lockset_init(set);
        lockset_add(set, from);
        lockset_add(set, to);
        volatile bool done = false; // volatile: nvcc may not move the critical section out of the loop
        while (!done) {
            if (lockset_try(locks, set)) {
                b[from] = b[from] - amount;
                b[to] = b[to] + amount;
                lockset_release(locks, set);
                done = true;
            }
        }
    }
    db_close(balance, accounts, out);
}
