// Transfer study, rpes (Parboil's Rys polynomial equation solver; ADSM paper Table 2): two-electron repulsion
// integrals (ij|kl) over contracted s-type Gaussian shells, one integral per thread, with the Boys function
// F0 in closed form (the one-root Rys case). Shell s is stored as x, y, z, then `prims` exponents, then
// `prims` contraction coefficients (stride 3 + 2 * prims). Quartet q = ((i * n + j) * n + k) * n + l.
// A launch computes quartets [first, first + count) into integrals[first ...].

// erf(x) for x >= 0, Abramowitz and Stegun 7.1.26 (absolute error below 1.5e-7).
__device__ float erf_nonnegative(float x) {
    float t = __fdiv_rn(1.0f, __fmaf_rn(0.3275911f, x, 1.0f));
    float poly = __fmaf_rn(__fmaf_rn(__fmaf_rn(__fmaf_rn(1.061405429f, t, -1.453152027f), t, 1.421413741f), t,
                                     -0.284496736f), t, 0.254829592f);
    return __fsub_rn(1.0f, __fmul_rn(__fmul_rn(poly, t), __expf(-__fmul_rn(x, x))));
}

__device__ float boys0(float t) {
    if (t < 1.0e-6f) {
        return __fsub_rn(1.0f, __fdiv_rn(t, 3.0f));
    }
    float root = __fsqrt_rn(t);
    return __fdiv_rn(__fmul_rn(0.886226925f, erf_nonnegative(root)), root);
}

__device__ float dist2(const float* a, const float* b) {
    float dx = __fsub_rn(a[0], b[0]);
    float dy = __fsub_rn(a[1], b[1]);
    float dz = __fsub_rn(a[2], b[2]);
    return __fmaf_rn(dz, dz, __fmaf_rn(dy, dy, __fmul_rn(dx, dx)));
}

extern "C" __global__ void rpes_integrals(int shells, int prims, int first, int count, const float* basis,
                                          float* integrals) {
    int local = blockIdx.x * blockDim.x + threadIdx.x;
    if (local >= count) {
        return;
    }
    int q = first + local;
    int stride = 3 + 2 * prims;
    const float* si = basis + stride * (q / (shells * shells * shells));
    const float* sj = basis + stride * ((q / (shells * shells)) % shells);
    const float* sk = basis + stride * ((q / shells) % shells);
    const float* sl = basis + stride * (q % shells);
    float rab = dist2(si, sj);
    float rcd = dist2(sk, sl);
    float sum = 0.0f;
    for (int a = 0; a < prims; ++a) {
        for (int b = 0; b < prims; ++b) {
            float ea = si[3 + a];
            float eb = sj[3 + b];
            float p = __fadd_rn(ea, eb);
            float kab = __expf(-__fdiv_rn(__fmul_rn(__fmul_rn(ea, eb), rab), p));
            float px = __fdiv_rn(__fmaf_rn(eb, sj[0], __fmul_rn(ea, si[0])), p);
            float py = __fdiv_rn(__fmaf_rn(eb, sj[1], __fmul_rn(ea, si[1])), p);
            float pz = __fdiv_rn(__fmaf_rn(eb, sj[2], __fmul_rn(ea, si[2])), p);
            float cab = __fmul_rn(__fmul_rn(si[3 + prims + a], sj[3 + prims + b]), kab);
            for (int c = 0; c < prims; ++c) {
                for (int d = 0; d < prims; ++d) {
                    float ec = sk[3 + c];
                    float ed = sl[3 + d];
                    float qq = __fadd_rn(ec, ed);
                    float kcd = __expf(-__fdiv_rn(__fmul_rn(__fmul_rn(ec, ed), rcd), qq));
                    float qx = __fdiv_rn(__fmaf_rn(ed, sl[0], __fmul_rn(ec, sk[0])), qq);
                    float qy = __fdiv_rn(__fmaf_rn(ed, sl[1], __fmul_rn(ec, sk[1])), qq);
                    float qz = __fdiv_rn(__fmaf_rn(ed, sl[2], __fmul_rn(ec, sk[2])), qq);
                    float dx = __fsub_rn(px, qx);
                    float dy = __fsub_rn(py, qy);
                    float dz = __fsub_rn(pz, qz);
                    float rpq = __fmaf_rn(dz, dz, __fmaf_rn(dy, dy, __fmul_rn(dx, dx)));
                    float pq = __fadd_rn(p, qq);
                    float t = __fdiv_rn(__fmul_rn(__fmul_rn(p, qq), rpq), pq);
                    // 2 * pi^(5/2) = 34.986837
                    float pre = __fdiv_rn(34.986837f, __fmul_rn(__fmul_rn(p, qq), __fsqrt_rn(pq)));
                    float ccd = __fmul_rn(__fmul_rn(sk[3 + prims + c], sl[3 + prims + d]), kcd);
                    sum = __fmaf_rn(__fmul_rn(__fmul_rn(pre, cab), ccd), boys0(t), sum);
                }
            }
        }
    }
    integrals[q] = sum;
}
