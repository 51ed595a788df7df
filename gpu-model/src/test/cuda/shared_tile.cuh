// The body of the shared-memory kernels of shared_one_kernel.cu and shared_two_kernels.cu: each CTA stages n
// floats of `in` in the shared array `tile`, then every thread sums a strided share of it in reverse order.
#pragma once

__device__ __forceinline__ void tile_sum(float* tile, int n, const float* in, float* out) {
    for (int k = threadIdx.x; k < n; k += blockDim.x) {
        tile[k] = in[blockIdx.x * n + k];
    }
    __syncthreads();
    float sum = 0.0f;
    for (int k = threadIdx.x; k < n; k += blockDim.x) {
        sum += tile[n - 1 - k];
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}
