// Histogram of bytes into `bins` bins (bin = value % bins).
//  - histogram_global: one atomicAdd on global memory per input element.
//  - histogram_shared: per-CTA privatised histogram in dynamic shared memory (atomicAdd on shared),
//    merged into the global one with atomicAdd after a barrier; grid-stride loop over the input.
extern "C" __global__ void histogram_global(const unsigned char* data, int n, unsigned* hist, int bins) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        atomicAdd(&hist[data[i] % bins], 1u);
    }
}

extern "C" __global__ void histogram_shared(const unsigned char* data, int n, unsigned* hist, int bins) {
    extern __shared__ unsigned local_hist[];
    for (int b = threadIdx.x; b < bins; b += blockDim.x) {
        local_hist[b] = 0;
    }
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        atomicAdd(&local_hist[data[i] % bins], 1u);
    }
    __syncthreads();
    for (int b = threadIdx.x; b < bins; b += blockDim.x) {
        unsigned v = local_hist[b];
        if (v != 0) {
            atomicAdd(&hist[b], v);
        }
    }
}
