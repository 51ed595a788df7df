// Divergence study, LIB (shaped like the LIBOR market-model Monte Carlo of the GPGPU-Sim benchmarks; Fung
// thesis Table 3.1, coherent set). One thread per path: the forward rates (in local memory) evolve over the
// time steps with a drift that sums over the later rates, driven by precomputed normal variates, and the path
// prices a swaption. Every loop bound is the same for all threads, so warps never diverge. exp is a fixed
// polynomial in round-to-nearest operations (so the Java reference matches bit for bit).
#define N 16

__device__ __forceinline__ float exp_poly(float x) {
    // e^x = 2^k * e^r with r = x - k ln2, |r| <= ln2/2; degree-6 Taylor polynomial for e^r
    float k = rintf(__fmul_rn(x, 1.44269504f));
    float r = __fsub_rn(x, __fmul_rn(k, 0.693147181f));
    float p = __fmaf_rn(r, 0.00138888889f, 0.00833333333f);
    p = __fmaf_rn(p, r, 0.0416666667f);
    p = __fmaf_rn(p, r, 0.166666667f);
    p = __fmaf_rn(p, r, 0.5f);
    p = __fmaf_rn(p, r, 1.0f);
    p = __fmaf_rn(p, r, 1.0f);
    return ldexpf(p, (int)k);
}

extern "C" __global__ void libor_path(const float* __restrict__ z, const float* __restrict__ lambda, const float* __restrict__ l0, int steps, int paths,
                                      float delta, float strike, float* __restrict__ value) {
    int path = blockIdx.x * blockDim.x + threadIdx.x;
    if (path >= paths) {
        return;
    }
    float L[N];
    for (int i = 0; i < N; i++) {
        L[i] = l0[i];
    }
    for (int n = 0; n < steps; n++) {
        float sqez = __fmul_rn(z[n * paths + path], 0.4472136f);
        float v = 0.0f;
        for (int i = n + 1; i < N; i++) {
            float lam = lambda[i - n - 1];
            float con = __fmul_rn(delta, lam);
            v = __fadd_rn(v, __fdiv_rn(__fmul_rn(con, L[i]), __fmaf_rn(delta, L[i], 1.0f)));
            float vrat = exp_poly(__fadd_rn(__fmul_rn(__fmul_rn(con, v), 0.2f), __fmul_rn(lam, __fsub_rn(sqez,
                         __fmul_rn(__fmul_rn(0.5f, lam), 0.2f)))));
            L[i] = __fmul_rn(L[i], vrat);
        }
    }
    float b = 1.0f;
    float s = 0.0f;
    for (int i = steps; i < N; i++) {
        b = __fdiv_rn(b, __fmaf_rn(delta, L[i], 1.0f));
        s = __fmaf_rn(delta, b, s);
    }
    float swap = __fsub_rn(1.0f, __fadd_rn(b, __fmul_rn(strike, s)));
    value[path] = fmaxf(swap, 0.0f);
}
