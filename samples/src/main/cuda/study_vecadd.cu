// Transfer study, vector addition (ADSM paper §5.2, Figure 11): c[i] = a[i] + b[i].
// The host writes a and b and reads c; the kernel is trivial so the block-size sweep measures transfers.
extern "C" __global__ void vecadd(int n, const float* a, const float* b, float* c) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        c[i] = __fadd_rn(a[i], b[i]);
    }
}
