// Streaming read (issue 7 validation of the timing model): a grid-stride loop sums a large array of float4, so
// every warp keeps 512-byte reads in flight and enough warps together saturate the DRAM channels. Each thread
// writes its partial sum to out[thread].
// Used by dev.gmac.gpu.timing.kernels.StreamingKernelTest.

extern "C" __global__ void stream_sum(const float4* in, float* out, int count) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    int stride = gridDim.x * blockDim.x;
    float acc = 0.0f;
    for (int i = tid; i < count; i += stride) {
        float4 v = in[i];
        acc += (v.x + v.y) + (v.z + v.w);
    }
    out[tid] = acc;
}
