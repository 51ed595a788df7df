// QU, shared work queues: one of the eight workloads of GPU-LocalTM's evaluation (Villegas et al., "GPU-LocalTM: A
// Lightweight Transactional Memory for GPU Local Memory", Euro-Par 2016 Workshops, section 5: QU is "prone to
// conflicts" and "designed to stress the TM"; its atomics version is simple). The paper gives no listing; ours is
// `queues` FIFO queues in shared memory, each work-item taking a task from the head of its queue and putting the
// task it derives (task + 1000000) at the tail, per_item times: a transaction per step (--tm localtm-dcd or
// localtm-smdcd), atomics (atomicAdd reserves the head and the tail slot), a spin lock per queue (qu_fgl), and the critical sections serialised
// (work-item 0 runs the work-group's steps). Contention is set by `queues`: work-item t uses queue t % queues.
//
// Queue q is [head, tail, slot[capacity]] at q * (2 + capacity); it starts with `initial` tasks q * 65536 + k
// (head 0, tail initial). The host gives each queue at most `initial` steps and capacity >= 2 * initial, so a step
// always finds a task and the ring never wraps. A FIFO queue's k-th step takes the k-th task whoever runs it, so the
// transactional and serialised versions end with the same queues word for word; under atomics the head and tail
// are reserved separately, so derived tasks may land in another order (the checker compares each queue's tasks as
// a multiset and its head and tail exactly). The queues go to out[g * queues * (2 + capacity) ...].
#include "gmac_lockset.cuh"
#include "gmac_tm.cuh"

__device__ __forceinline__ void qu_open(int* q, int queues, int capacity, int initial) {
    int stride = 2 + capacity;
    for (int i = threadIdx.x; i < queues * stride; i += blockDim.x) {
        int queue = i / stride;
        int k = i % stride;
        int v;
        if (k == 0) {
            v = 0;
        } else if (k == 1) {
            v = initial;
        } else {
            v = k - 2 < initial ? queue * 65536 + (k - 2) : 0;
        }
        q[i] = v;
    }
    __syncthreads();
}

__device__ __forceinline__ void qu_close(const int* q, int words, int* out) {
    __syncthreads();
    for (int i = threadIdx.x; i < words; i += blockDim.x) {
        out[blockIdx.x * words + i] = q[i];
    }
}

// One step on queue `base`: take the head task, put its successor at the tail.
__device__ __forceinline__ void qu_step(volatile int* q, int base, int capacity) {
    int h = q[base];
    int task = q[base + 2 + h % capacity];
    q[base] = h + 1;
    int t = q[base + 1];
    q[base + 2 + t % capacity] = task + 1000000;
    q[base + 1] = t + 1;
}

extern "C" __global__ void qu_tm(int per_item, int queues, int capacity, int initial, int* out) {
    extern __shared__ int q[];
    qu_open(q, queues, capacity, initial);
    int base = (threadIdx.x % queues) * (2 + capacity);
    for (int i = 0; i < per_item; i++) {
        TX_BEGIN();
        qu_step(q, base, capacity);
        TX_COMMIT();
    }
    qu_close(q, queues * (2 + capacity), out);
}

extern "C" __global__ void qu_atomic(int per_item, int queues, int capacity, int initial, int* out) {
    extern __shared__ int q[];
    qu_open(q, queues, capacity, initial);
    volatile int* vq = q;
    int base = (threadIdx.x % queues) * (2 + capacity);
    for (int i = 0; i < per_item; i++) {
        int h = atomicAdd(&q[base], 1);
        int task = vq[base + 2 + h % capacity]; // an initial task: steps never outrun them
        int t = atomicAdd(&q[base + 1], 1);
        vq[base + 2 + t % capacity] = task + 1000000;
    }
    qu_close(q, queues * (2 + capacity), out);
}

extern "C" __global__ void qu_serial(int per_item, int queues, int capacity, int initial, int* out) {
    extern __shared__ int q[];
    qu_open(q, queues, capacity, initial);
    if (threadIdx.x == 0) {
        for (int u = 0; u < (int)blockDim.x; u++) {
            int base = (u % queues) * (2 + capacity);
            for (int i = 0; i < per_item; i++) {
                qu_step(q, base, capacity);
            }
        }
    }
    qu_close(q, queues * (2 + capacity), out);
}

// Fine-grained locks: a spin lock per queue (after the queues: queues more words), taken with gmac_lockset.cuh
// around the same step as the other versions, so the queues end as the serialised version's, word for word.
extern "C" __global__ void qu_fgl(int per_item, int queues, int capacity, int initial, int* out) {
    extern __shared__ int q[];
    int* locks = q + queues * (2 + capacity);
    for (int i = threadIdx.x; i < queues; i += blockDim.x) {
        locks[i] = 0;
    }
    qu_open(q, queues, capacity, initial);
    int queue = threadIdx.x % queues;
    int base = queue * (2 + capacity);
    for (int i = 0; i < per_item; i++) {
        LockSet set;
        lockset_init(set);
        lockset_add(set, queue);
        volatile bool done = false; // volatile: nvcc may not move the critical section out of the loop
        while (!done) {
            if (lockset_try(locks, set)) {
                qu_step(q, base, capacity);
                lockset_release(locks, set);
                done = true;
            }
        }
    }
    qu_close(q, queues * (2 + capacity), out);
}
