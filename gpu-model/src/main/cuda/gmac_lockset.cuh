// gmac_lockset.cuh: fine-grained spin locks in shared memory that cannot deadlock under SIMT execution, for the
// fine-grained-lock (FGL) versions of the GPU-LocalTM workloads (Villegas et al., "GPU-LocalTM: A Lightweight
// Transactional Memory for GPU Local Memory", Euro-Par 2016 Workshops, section 1 and Fig 1: a lock taken inside an
// if-statement inside the retry loop, so that work-items that did not get it reach the loop's convergence point).
//
//   LockSet s; lockset_init(s); lockset_add(s, a); lockset_add(s, b);   // lock ids, any order, repeats allowed
//   volatile bool done = false;
//   while (!done) {
//       if (lockset_try(locks, s)) { ...critical section...; lockset_release(locks, s); done = true; }
//   }
//
// lockset_try takes the set's locks in ascending order with atomicCAS and, when one is held, releases those it took
// and fails: a work-item never waits while holding a lock, so there is no deadlock, and the ascending order lets the
// holder of the lowest contended lock go on. locks[] are ints in shared memory, 0 when free. `done` must be volatile:
// otherwise nvcc -O3 turns the loop into "spin until the lock is taken, then run the critical section after the
// loop", whose immediate post-dominator is the loop exit, so under PDOM the work-item holding the lock waits there
// for the spinning ones and the warp never finishes (the SIMT deadlock of the paper's Fig 1, left).
#ifndef GMAC_LOCKSET_CUH
#define GMAC_LOCKSET_CUH

#define LOCKSET_MAX 20

struct LockSet {
    int n;
    int id[LOCKSET_MAX];
};

__device__ __forceinline__ void lockset_init(LockSet& s) {
    s.n = 0;
}

// Adds lock `id`, keeping the ids ascending and distinct.
__device__ __forceinline__ void lockset_add(LockSet& s, int id) {
    int k = s.n;
    for (int i = 0; i < s.n; i++) {
        if (s.id[i] == id) {
            return;
        }
    }
    while (k > 0 && s.id[k - 1] > id) {
        s.id[k] = s.id[k - 1];
        k--;
    }
    s.id[k] = id;
    s.n++;
}

__device__ __forceinline__ bool lockset_try(int* locks, const LockSet& s) {
    for (int i = 0; i < s.n; i++) {
        if (atomicCAS(&locks[s.id[i]], 0, 1) != 0) {
            for (int j = 0; j < i; j++) {
                atomicExch(&locks[s.id[j]], 0);
            }
            return false;
        }
    }
    return true;
}

__device__ __forceinline__ void lockset_release(int* locks, const LockSet& s) {
    __threadfence_block();
    for (int i = 0; i < s.n; i++) {
        atomicExch(&locks[s.id[i]], 0);
    }
}

#endif
