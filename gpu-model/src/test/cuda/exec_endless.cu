// Kernels that never end (dev.gmac.gpu.exec.EndlessKernelTest): every shape must be stopped by the watchdog with a
// message naming the kernel, the loop's PTX line and the budget.

// Stores the value already in memory, forever: no memory change, no progress.
extern "C" __global__ void store_same(volatile int* p) {
    for (;;) {
        *p = 1;
    }
}

// Increments a counter nobody reads, forever: memory changes, but no thread ever finishes.
extern "C" __global__ void count_forever(int* c) {
    for (;;) {
        atomicAdd(c, 1);
    }
}

// Passes a barrier forever: barriers release, no thread finishes.
extern "C" __global__ void barrier_forever(volatile int* p) {
    int i = 0;
    for (;;) {
        __syncthreads();
        i++;
        if (i == -1) {
            *p = i;
        }
    }
}

// Waits for a flag nobody sets.
extern "C" __global__ void wait_flag(volatile int* flag) {
    while (*flag == 0) {
    }
}

// Ends after a few instructions: the shape of a huge grid's kernel.
extern "C" __global__ void tiny(int* out) {
    if (threadIdx.x == 0 && blockIdx.x == 0) {
        *out = 1;
    }
}
