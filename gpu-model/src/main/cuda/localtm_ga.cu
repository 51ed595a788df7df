// GA, one generation of a genetic algorithm with island elitism: one of the eight workloads of GPU-LocalTM's
// evaluation (Villegas et al., "GPU-LocalTM: A Lightweight Transactional Memory for GPU Local Memory", Euro-Par 2016
// Workshops, section 5: GA needs extra lock management for FGL, its transactions read-modify-write the same
// location, and its commit ratio is low). The paper gives no listing; ours:
//
// The work-group's population (`pop_size` genomes of 32 bits) is in shared memory, then `slots` elite records
// (fitness, genome). Each of work-item t's per_item children picks two parents and a crossover mask (hashes of t
// and i), and in one critical section reads both parents, crosses and mutates them, scores the child (matching bits
// of a target) and, when it beats its elite slot's record (fitness, then genome, so ties are broken the same way in
// every order), writes the record. The best child per slot does not depend on the order, so every version ends with
// the serialised version's shared data word for word. Versions: a transaction per child (--tm localtm-dcd or
// localtm-smdcd), a spin lock per slot (FGL: the record is two words, which no single atomic updates), and the
// critical sections serialised (work-item 0 makes the work-group's children). Contention is set by pop_size and
// slots. Shared memory: pop_size + 2 * slots words (+ slots locks for FGL); out[g * (pop_size + 2 * slots) ...].
#include "gmac_lockset.cuh"
#include "gmac_tm.cuh"

__device__ __forceinline__ unsigned ga_hash(int t, int i, int which) {
    unsigned h = (unsigned)(t * 7919 + i * 104729 + which * 15485863 + 12345) * 2654435761u;
    return h ^ (h >> 15);
}

__device__ __forceinline__ void ga_open(const int* population, int pop_size, int slots, int* sh) {
    for (int i = threadIdx.x; i < pop_size; i += blockDim.x) {
        sh[i] = population[i];
    }
    for (int i = threadIdx.x; i < 2 * slots; i += blockDim.x) {
        sh[pop_size + i] = (i & 1) == 0 ? -1 : 0;
    }
    __syncthreads();
}

__device__ __forceinline__ void ga_close(const int* sh, int words, int* out) {
    __syncthreads();
    for (int i = threadIdx.x; i < words; i += blockDim.x) {
        out[blockIdx.x * words + i] = sh[i];
    }
}

// The critical section: breed child (t, i) and offer it to its elite slot.
__device__ __forceinline__ void ga_breed(volatile int* sh, int pop_size, int slots, int target, int t, int i) {
    int p1 = ga_hash(t, i, 0) % (unsigned)pop_size;
    int p2 = ga_hash(t, i, 1) % (unsigned)pop_size;
    unsigned mask = ga_hash(t, i, 2);
    unsigned a = (unsigned)sh[p1];
    unsigned b = (unsigned)sh[p2];
    unsigned child = ((a & mask) | (b & ~mask)) ^ (1u << (ga_hash(t, i, 3) & 31));
    int fitness = 32 - __popc(child ^ (unsigned)target);
    int s = pop_size + 2 * (int)(ga_hash(t, i, 4) % (unsigned)slots);
    int best = sh[s];
    if (fitness > best || (fitness == best && (int)child > sh[s + 1])) {
        sh[s] = fitness;
        sh[s + 1] = (int)child;
    }
}

extern "C" __global__ void ga_tm(const int* population, int pop_size, int slots, int target, int per_item, int* out) {
    extern __shared__ int sh[];
    ga_open(population, pop_size, slots, sh);
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    for (int i = 0; i < per_item; i++) {
        TX_BEGIN();
        ga_breed(sh, pop_size, slots, target, t, i);
        TX_COMMIT();
    }
    ga_close(sh, pop_size + 2 * slots, out);
}

extern "C" __global__ void ga_fgl(const int* population, int pop_size, int slots, int target, int per_item, int* out) {
    extern __shared__ int sh[];
    int* locks = sh + pop_size + 2 * slots;
    for (int i = threadIdx.x; i < slots; i += blockDim.x) {
        locks[i] = 0;
    }
    ga_open(population, pop_size, slots, sh);
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    for (int i = 0; i < per_item; i++) {
        LockSet set;
        lockset_init(set);
        lockset_add(set, (int)(ga_hash(t, i, 4) % (unsigned)slots));
        volatile bool done = false; // volatile: nvcc may not move the critical section out of the loop
        while (!done) {
            if (lockset_try(locks, set)) {
                ga_breed(sh, pop_size, slots, target, t, i);
                lockset_release(locks, set);
                done = true;
            }
        }
    }
    ga_close(sh, pop_size + 2 * slots, out);
}

extern "C" __global__ void ga_serial(
        const int* population, int pop_size, int slots, int target, int per_item, int* out) {
    extern __shared__ int sh[];
    ga_open(population, pop_size, slots, sh);
    if (threadIdx.x == 0) {
        for (int u = 0; u < (int)blockDim.x; u++) {
            int t = blockIdx.x * blockDim.x + u;
            for (int i = 0; i < per_item; i++) {
                ga_breed(sh, pop_size, slots, target, t, i);
            }
        }
    }
    ga_close(sh, pop_size + 2 * slots, out);
}
