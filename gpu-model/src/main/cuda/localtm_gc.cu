// GC, greedy graph colouring: one of the eight workloads of GPU-LocalTM's evaluation (Villegas et al., "GPU-LocalTM:
// A Lightweight Transactional Memory for GPU Local Memory", Euro-Par 2016 Workshops, section 5: TM and FGL beat the
// serialised version on GC, whose FGL version spends 42% of its code on lock management). The paper gives no
// listing; ours colours a graph given in CSR form (row[v] .. row[v + 1] index adj[], neighbours ascending, at most
// 16 each): vertex v, coloured by work-item v % blockDim.x, takes the smallest colour (from 1) that none of its
// neighbours has, reading the neighbours' colours and writing its own in one critical section. Versions: a
// transaction per vertex (--tm localtm-dcd or localtm-smdcd), fine-grained locks (the vertex's and its neighbours'
// locks, taken with gmac_lockset.cuh), and the critical sections serialised (work-item 0 colours every vertex in
// order). Contention is set by the graph: neighbours coloured by neighbouring work-items conflict.
//
// A greedy colouring depends on the order, so the versions' colourings differ; every serial order, and hence every
// serialisable run, gives a colouring in which each vertex's colour is the smallest one its neighbours do not have
// (the checker tests that, and that the colouring is proper and complete). Shared memory: `vertices` colour words
// (+ `vertices` locks for FGL); each work-group colours its own copy of the graph into out[g * vertices ...].
#include "gmac_lockset.cuh"
#include "gmac_tm.cuh"

__device__ __forceinline__ void gc_open(int* colour, int vertices) {
    for (int i = threadIdx.x; i < vertices; i += blockDim.x) {
        colour[i] = 0;
    }
    __syncthreads();
}

__device__ __forceinline__ void gc_close(const int* colour, int vertices, int* out) {
    __syncthreads();
    for (int i = threadIdx.x; i < vertices; i += blockDim.x) {
        out[blockIdx.x * vertices + i] = colour[i];
    }
}

// The critical section: colour v with the smallest colour its neighbours do not have.
__device__ __forceinline__ void gc_colour(volatile int* colour, const int* row, const int* adj, int v) {
    unsigned used = 1; // colour 0 means uncoloured
    for (int e = row[v]; e < row[v + 1]; e++) {
        int c = colour[adj[e]];
        if (c < 32) {
            used |= 1u << c;
        }
    }
    colour[v] = __ffs(~used) - 1;
}

extern "C" __global__ void gc_tm(const int* row, const int* adj, int vertices, int* out) {
    extern __shared__ int colour[];
    gc_open(colour, vertices);
    for (int v = threadIdx.x; v < vertices; v += blockDim.x) {
        TX_BEGIN();
        gc_colour(colour, row, adj, v);
        TX_COMMIT();
    }
    gc_close(colour, vertices, out);
}

extern "C" __global__ void gc_fgl(const int* row, const int* adj, int vertices, int* out) {
    extern __shared__ int colour[];
    int* locks = colour + vertices;
    for (int i = threadIdx.x; i < vertices; i += blockDim.x) {
        locks[i] = 0;
    }
    gc_open(colour, vertices);
    for (int v = threadIdx.x; v < vertices; v += blockDim.x) {
        LockSet set;
        lockset_init(set);
        lockset_add(set, v);
        for (int e = row[v]; e < row[v + 1]; e++) {
            lockset_add(set, adj[e]);
        }
        volatile bool done = false; // volatile: nvcc may not move the critical section out of the loop
        while (!done) {
            if (lockset_try(locks, set)) {
                gc_colour(colour, row, adj, v);
                lockset_release(locks, set);
                done = true;
            }
        }
    }
    gc_close(colour, vertices, out);
}

extern "C" __global__ void gc_serial(const int* row, const int* adj, int vertices, int* out) {
    extern __shared__ int colour[];
    gc_open(colour, vertices);
    if (threadIdx.x == 0) {
        for (int v = 0; v < vertices; v++) {
            gc_colour(colour, row, adj, v);
        }
    }
    gc_close(colour, vertices, out);
}
