// A kernel touching most of the timing model at once (issue 7's determinism check): global loads, a
// shared-memory histogram built with shared atomics between two barriers, global atomics merging the CTAs'
// histograms (their order depends on timing), divergent stores and a special-function instruction.
// Used by dev.gmac.gpu.timing.kernels.DeterminismKernelTest.

#define BINS 64

extern "C" __global__ void mixed_histogram(const unsigned* data, int n, unsigned* bins, float* roots) {
    __shared__ unsigned local[BINS];
    for (int i = threadIdx.x; i < BINS; i += blockDim.x) {
        local[i] = 0;
    }
    __syncthreads();
    int stride = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        unsigned v = data[i];
        atomicAdd(&local[v % BINS], 1u);
        if (v & 1u) {
            roots[i] = sqrtf((float)v);
        }
    }
    __syncthreads();
    for (int i = threadIdx.x; i < BINS; i += blockDim.x) {
        atomicAdd(&bins[i], local[i]);
    }
}
