// Divergence study, CP (shaped like the Coulombic potential benchmark, VMD's cionize; Fung thesis Table 3.1,
// coherent set). One thread per point of a 2D slice; every thread sums the potential of all atoms, which every
// thread of a warp reads at the same address (the original keeps them in constant memory; here they are a
// read-only global array, one segment per warp access). No branch depends on the thread.
extern "C" __global__ void cp_slice(int width, int height, float spacing, float z, int atoms,
                                    const float* __restrict__ atomData, float* __restrict__ energy) {
    int ix = blockIdx.x * blockDim.x + threadIdx.x;
    int iy = blockIdx.y * blockDim.y + threadIdx.y;
    float px = __fmul_rn((float)ix, spacing);
    float py = __fmul_rn((float)iy, spacing);
    float sum = 0.0f;
    for (int a = 0; a < atoms; a++) {
        float dx = __fsub_rn(px, atomData[4 * a]);
        float dy = __fsub_rn(py, atomData[4 * a + 1]);
        float dz = __fsub_rn(z, atomData[4 * a + 2]);
        float r2 = __fmaf_rn(dz, dz, __fmaf_rn(dy, dy, __fmul_rn(dx, dx)));
        sum = __fadd_rn(sum, __fdiv_rn(atomData[4 * a + 3], __fsqrt_rn(r2)));
    }
    energy[iy * width + ix] = sum;
}
