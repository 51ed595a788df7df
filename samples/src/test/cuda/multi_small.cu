// Small kernels for `gmac ptx run` tests of multi-launch specs: add_one (the kernel launched 31 times
// to measure what a launch costs inside one process), scale. C linkage. Our own code.

extern "C" __global__ void add_one(float* a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        a[i] = a[i] + 1.0f;
    }
}

extern "C" __global__ void scale(float* a, int n, float factor) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        a[i] = a[i] * factor;
    }
}
