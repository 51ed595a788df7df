// Divergence study, NAMD (shaped like NAMD's non-bonded pair loop; Fung thesis Table 3.1, divergent set). One
// thread per atom walks its pair list (built with a margin beyond the cutoff, and of varying length) and adds
// Lennard-Jones and Coulomb terms only for pairs inside the cutoff: a branch inside the loop that a different
// subset of each warp takes every iteration.
extern "C" __global__ void namd_pairs(const float* __restrict__ pos, const int* __restrict__ listStart, const int* __restrict__ list, int atoms,
                                      float cutoff2, float a, float b, float* __restrict__ force) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= atoms) {
        return;
    }
    float xi = pos[4 * i];
    float yi = pos[4 * i + 1];
    float zi = pos[4 * i + 2];
    float qi = pos[4 * i + 3];
    float fx = 0.0f;
    float fy = 0.0f;
    float fz = 0.0f;
    float energy = 0.0f;
    int end = listStart[i + 1];
    for (int k = listStart[i]; k < end; k++) {
        int j = list[k];
        float dx = __fsub_rn(xi, pos[4 * j]);
        float dy = __fsub_rn(yi, pos[4 * j + 1]);
        float dz = __fsub_rn(zi, pos[4 * j + 2]);
        float r2 = __fmaf_rn(dz, dz, __fmaf_rn(dy, dy, __fmul_rn(dx, dx)));
        if (r2 < cutoff2) {
            float inv2 = __fdiv_rn(1.0f, r2);
            float inv6 = __fmul_rn(__fmul_rn(inv2, inv2), inv2);
            float lj = __fmul_rn(inv6, __fsub_rn(__fmul_rn(a, inv6), b));
            float qq = __fmul_rn(qi, pos[4 * j + 3]);
            float coulomb = __fmul_rn(qq, __fsqrt_rn(inv2));
            float s = __fmul_rn(__fadd_rn(__fmul_rn(12.0f, lj), coulomb), inv2);
            fx = __fmaf_rn(dx, s, fx);
            fy = __fmaf_rn(dy, s, fy);
            fz = __fmaf_rn(dz, s, fz);
            energy = __fadd_rn(energy, __fadd_rn(lj, coulomb));
        }
    }
    force[4 * i] = fx;
    force[4 * i + 1] = fy;
    force[4 * i + 2] = fz;
    force[4 * i + 3] = energy;
}
