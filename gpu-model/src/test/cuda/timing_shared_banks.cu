// Shared-memory bank conflicts (issue 7 validation of the timing model): lane L of every warp reads word
// L * stride of a shared array again and again. With 32 banks of 32-bit words, stride 1 is conflict-free and a
// power-of-two stride N <= 32 puts N distinct words in one bank: an N-way conflict. The loads are volatile and
// their values unused, so the kernel is nothing but shared loads (and a little loop control); a test compares
// rounds * 128 loads per warp at each stride with stride 1.
// Used by dev.gmac.gpu.timing.kernels.SharedBankConflictKernelTest.

#define WORDS 1024

extern "C" __global__ void shared_bank_conflicts(float* out, int stride, int rounds) {
    __shared__ float words[WORDS];
    for (int i = threadIdx.x; i < WORDS; i += blockDim.x) {
        words[i] = (float)i;
    }
    __syncthreads();
    volatile float* mine = words + ((threadIdx.x & 31) * stride) % WORDS;
    for (int r = 0; r < rounds; r++) {
#pragma unroll
        for (int k = 0; k < 128; k++) {
            (void)*mine;
        }
    }
    if (threadIdx.x == 0) {
        out[blockIdx.x] = *mine;
    }
}
