// Critical sections guarded by spin locks, in the two forms of the slides (digest T9).
// Thread i locks locks[a[i]] and, inside the lock, does a non-atomic read-modify-write
// counters[a[i]] += 1 (so a lost update would show) and records its arrival order in order[i].
//  - lock_doneflag: the "done flag" form: acquire and release sit in the same branch and the loop
//    exits through a flag, so the lane that wins can finish while the losers loop back. It completes
//    under a PDOM SIMT stack and leaves every lock at 0.
//  - lock_spin_naive: while (atomicCAS(&lock, 0, 1) != 0); critical; release. Under a pre-Volta SIMT
//    stack, two lanes of one warp contending for one lock deadlock: the losers spin forever and the
//    winner waits for them at the reconvergence point. Kept for the deadlock test.
extern "C" __global__ void lock_doneflag(int* locks, const int* a, int* counters, int* order, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) {
        return;
    }
    int k = a[i];
    bool done = false;
    while (!done) {
        if (atomicCAS(&locks[k], 0, 1) == 0) {
            volatile int* c = &counters[k];
            int before = *c;
            *c = before + 1;
            order[i] = before;
            __threadfence();
            atomicExch(&locks[k], 0);
            done = true;
        }
    }
}

extern "C" __global__ void lock_spin_naive(int* locks, const int* a, int* counters, int* order, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) {
        return;
    }
    int k = a[i];
    while (atomicCAS(&locks[k], 0, 1) != 0) {
    }
    volatile int* c = &counters[k];
    int before = *c;
    *c = before + 1;
    order[i] = before;
    __threadfence();
    atomicExch(&locks[k], 0);
}
