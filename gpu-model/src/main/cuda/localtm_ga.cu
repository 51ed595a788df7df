// GA, a steady-state genetic algorithm on the work-group's shared population: one of the eight workloads of
// GPU-LocalTM's evaluation (Villegas et al., "GPU-LocalTM: A Lightweight Transactional Memory for GPU Local Memory",
// Euro-Par 2016 Workshops, section 5: "transactions perform read-modify-write operations on the same memory
// location", GA's commit ratio is low, and FGL needs extra lock management; section 1: "lock acquisition has to be
// serialized to avoid deadlocks"). The paper gives no listing; ours (decision 0355):
//
// The population (`pop_size` genomes of 32 bits, one word each) is in shared memory. Each of work-item t's per_item
// steps is one critical section: pick two distinct slots p1, p2 and a crossover mask (hashes of t and i), read both
// parents, cross them into the two complementary children, score all four with a Royal Road fitness (the number of
// 4-bit blocks equal to the target's), and write both slots with the better pair (the children when their total is
// larger, else the parents again): every step read-modify-writes the two words it reads. The result depends on the
// order; every order conserves each bit column's count (the children take complementary bits of the parents) and
// never lowers the total fitness, which is what the host checks (with the serial replay of the TM's commits).
// Versions: a transaction per step (--tm localtm-dcd or localtm-smdcd), a spin lock per individual taken in
// ascending order (FGL), and the steps serialised (work-item 0 runs the work-group's steps). Contention is set by
// pop_size. Shared memory: pop_size words (+ pop_size locks for FGL); out[g * pop_size ...].
#include "gmac_lockset.cuh"
#include "gmac_tm.cuh"

__device__ __forceinline__ unsigned ga_hash(int t, int i, int which) {
    unsigned h = (unsigned)(t * 7919 + i * 104729 + which * 15485863 + 12345) * 2654435761u;
    return h ^ (h >> 15);
}

// The two slots of step (t, i): distinct.
__device__ __forceinline__ int ga_first(int pop_size, int t, int i) {
    return (int)(ga_hash(t, i, 0) % (unsigned)pop_size);
}

__device__ __forceinline__ int ga_second(int pop_size, int t, int i) {
    return (ga_first(pop_size, t, i) + 1 + (int)(ga_hash(t, i, 1) % (unsigned)(pop_size - 1))) % pop_size;
}

// Royal Road fitness: how many of the 8 four-bit blocks of x equal the target's.
__device__ __forceinline__ int ga_fitness(unsigned x, unsigned target) {
    unsigned y = x ^ target;
    unsigned z = y | (y >> 1) | (y >> 2) | (y >> 3);
    return 8 - __popc(z & 0x11111111u);
}

__device__ __forceinline__ void ga_open(const int* population, int pop_size, int* sh) {
    for (int i = threadIdx.x; i < pop_size; i += blockDim.x) {
        sh[i] = population[i];
    }
    __syncthreads();
}

__device__ __forceinline__ void ga_close(const int* sh, int words, int* out) {
    __syncthreads();
    for (int i = threadIdx.x; i < words; i += blockDim.x) {
        out[blockIdx.x * words + i] = sh[i];
    }
}

// The critical section: step (t, i) breeds from slots p1 and p2 and writes the better pair back into both.
__device__ __forceinline__ void ga_step(volatile int* sh, int pop_size, unsigned target, int t, int i) {
    int p1 = ga_first(pop_size, t, i);
    int p2 = ga_second(pop_size, t, i);
    unsigned mask = ga_hash(t, i, 2);
    unsigned a = (unsigned)sh[p1];
    unsigned b = (unsigned)sh[p2];
    unsigned c1 = (a & mask) | (b & ~mask);
    unsigned c2 = (b & mask) | (a & ~mask);
    bool children = ga_fitness(c1, target) + ga_fitness(c2, target) > ga_fitness(a, target) + ga_fitness(b, target);
    sh[p1] = (int)(children ? c1 : a);
    sh[p2] = (int)(children ? c2 : b);
}

extern "C" __global__ void ga_tm(const int* population, int pop_size, int target, int per_item, int* out) {
    extern __shared__ int sh[];
    ga_open(population, pop_size, sh);
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    for (int i = 0; i < per_item; i++) {
        TX_BEGIN();
        ga_step(sh, pop_size, (unsigned)target, t, i);
        TX_COMMIT();
    }
    ga_close(sh, pop_size, out);
}

extern "C" __global__ void ga_fgl(const int* population, int pop_size, int target, int per_item, int* out) {
    extern __shared__ int sh[];
    int* locks = sh + pop_size;
    for (int i = threadIdx.x; i < pop_size; i += blockDim.x) {
        locks[i] = 0;
    }
    ga_open(population, pop_size, sh);
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    for (int i = 0; i < per_item; i++) {
        LockSet set;
        lockset_init(set);
        lockset_add(set, ga_first(pop_size, t, i));
        lockset_add(set, ga_second(pop_size, t, i));
        volatile bool done = false; // volatile: nvcc may not move the critical section out of the loop
        while (!done) {
            if (lockset_try(locks, set)) {
                ga_step(sh, pop_size, (unsigned)target, t, i);
                lockset_release(locks, set);
                done = true;
            }
        }
    }
    ga_close(sh, pop_size, out);
}

extern "C" __global__ void ga_serial(const int* population, int pop_size, int target, int per_item, int* out) {
    extern __shared__ int sh[];
    ga_open(population, pop_size, sh);
    if (threadIdx.x == 0) {
        for (int u = 0; u < (int)blockDim.x; u++) {
            int t = blockIdx.x * blockDim.x + u;
            for (int i = 0; i < per_item; i++) {
                ga_step(sh, pop_size, (unsigned)target, t, i);
            }
        }
    }
    ga_close(sh, pop_size, out);
}
