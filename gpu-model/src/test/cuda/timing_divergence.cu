// A divergent kernel (issue 7 validation of the timing model): each thread runs a data-dependent number of
// iterations of a linear congruential step, then takes one side of an if/else by the parity of its result, so
// the warps' SIMT stacks split and reconverge often. The timing model must count the same active lanes per
// issued warp instruction as the functional model.
// Used by dev.gmac.gpu.timing.kernels.DivergentKernelTest.

extern "C" __global__ void divergent_lcg(const int* work, unsigned* out, int n) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid >= n) {
        return;
    }
    unsigned x = (unsigned)tid;
    for (int i = 0; i < work[tid]; i++) {
        x = x * 1664525u + 1013904223u;
    }
    if (x & 1u) {
        x ^= 0x5bd1e995u;
    } else {
        x = (x >> 3) + 7u;
    }
    out[tid] = x;
}
