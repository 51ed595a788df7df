// Dependent ALU chain (issue 7 validation of the timing model): each thread applies x = x * a + b many times,
// every fused multiply-add needing the previous one's result, so the time per instruction is the ALU pipeline's
// dependent-issue latency. Fully unrolled; a test subtracts the 256-step kernel from the 512-step one.
// Used by dev.gmac.gpu.timing.kernels.AluChainKernelTest.

template <int STEPS>
__device__ __forceinline__ void fma_chain(float* data, float a, float b) {
    float x = data[threadIdx.x];
#pragma unroll
    for (int i = 0; i < STEPS; i++) {
        x = fmaf(x, a, b);
    }
    data[threadIdx.x] = x;
}

extern "C" __global__ void alu_chain_256(float* data, float a, float b) { fma_chain<256>(data, a, b); }

extern "C" __global__ void alu_chain_512(float* data, float a, float b) { fma_chain<512>(data, a, b); }
