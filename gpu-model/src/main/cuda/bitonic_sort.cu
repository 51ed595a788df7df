// Bitonic sort of one segment of blockDim.x * 2 ints per CTA in dynamic shared memory (ascending);
// each thread handles two elements. The segment length must be a power of two; the last segment is
// padded with INT_MAX so n need not be a multiple of it. Exercises nested loops with barriers inside
// and data-dependent swaps (divergence inside a loop).
extern "C" __global__ void bitonic_sort_segments(int* data, int n) {
    extern __shared__ int s[];
    unsigned seg = blockDim.x * 2;
    unsigned base = blockIdx.x * seg;
    unsigned t = threadIdx.x;
    for (unsigned j = t; j < seg; j += blockDim.x) {
        s[j] = (base + j < n) ? data[base + j] : 0x7fffffff;
    }
    __syncthreads();
    for (unsigned size = 2; size <= seg; size <<= 1) {
        for (unsigned stride = size >> 1; stride > 0; stride >>= 1) {
            // Element pair (lo, hi) handled by thread t at this step.
            unsigned lo = 2 * t - (t & (stride - 1));
            unsigned hi = lo + stride;
            bool ascending = ((lo & size) == 0);
            int a = s[lo];
            int b = s[hi];
            if ((a > b) == ascending) {
                s[lo] = b;
                s[hi] = a;
            }
            __syncthreads();
        }
    }
    for (unsigned j = t; j < seg; j += blockDim.x) {
        if (base + j < n) {
            data[base + j] = s[j];
        }
    }
}
