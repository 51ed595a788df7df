// Two lanes of one warp contend for a lock (GPGPU architecture slides, Part 3 "synchronization"):
// the naive spin loop livelocks under pre-Volta SIMT reconvergence, the "done flag" form completes.
// Used by dev.gmac.gpu.exec.SpinLockTest.

// The naive form: the lane that wins the CAS waits at the loop's reconvergence point (after the loop)
// while the losing lane spins on a lock that is never released.
extern "C" __global__ void spin_naive(int* lock, volatile int* counter) {
    while (atomicCAS(lock, 0, 1) != 0) {
    }
    *counter = *counter + 1;
    atomicExch(lock, 0);
}

// The corrected form: the critical section and the release are inside the branch taken by the winner,
// so the winner releases the lock before the warp reconverges at the end of the loop body.
extern "C" __global__ void spin_done_flag(int* lock, volatile int* counter) {
    bool done = false;
    while (!done) {
        if (atomicCAS(lock, 0, 1) == 0) {
            *counter = *counter + 1;
            atomicExch(lock, 0);
            done = true;
        }
    }
}
