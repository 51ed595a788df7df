// Divergence study, WP (shaped like the weather-prediction physics of the GPGPU-Sim benchmarks; Fung thesis
// Table 3.1, coherent set). One thread per column of an 8x8 CTA tile; each thread walks up its column's levels,
// mixing temperature and moisture with the neighbouring columns (a 5-point horizontal stencil) and condensing
// moisture above saturation. Saturation depends on the data: a branch a few threads take now and then.
extern "C" __global__ void weather_column(const float* __restrict__ t, const float* __restrict__ q, float* __restrict__ tOut, float* __restrict__ qOut, float* __restrict__ rain,
                                          int nx, int ny, int levels) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= nx || y >= ny) {
        return;
    }
    int xw = x > 0 ? x - 1 : x;
    int xe = x < nx - 1 ? x + 1 : x;
    int ys = y > 0 ? y - 1 : y;
    int yn = y < ny - 1 ? y + 1 : y;
    long plane = (long)nx * ny;
    float precip = 0.0f;
    for (int k = 0; k < levels; k++) {
        long base = k * plane;
        long c = base + (long)y * nx + x;
        float tc = t[c];
        float qc = q[c];
        float tmix = __fadd_rn(__fadd_rn(t[base + (long)y * nx + xw], t[base + (long)y * nx + xe]),
                               __fadd_rn(t[base + (long)ys * nx + x], t[base + (long)yn * nx + x]));
        float qmix = __fadd_rn(__fadd_rn(q[base + (long)y * nx + xw], q[base + (long)y * nx + xe]),
                               __fadd_rn(q[base + (long)ys * nx + x], q[base + (long)yn * nx + x]));
        float tn = __fmaf_rn(0.05f, __fsub_rn(tmix, __fmul_rn(4.0f, tc)), tc);
        float qn = __fmaf_rn(0.05f, __fsub_rn(qmix, __fmul_rn(4.0f, qc)), qc);
        float qsat = __fmaf_rn(0.0008f, tn, 0.004f);
        if (qn > qsat) {
            float excess = __fsub_rn(qn, qsat);
            qn = qsat;
            tn = __fmaf_rn(2.5f, excess, tn);
            precip = __fadd_rn(precip, excess);
        }
        tOut[c] = tn;
        qOut[c] = qn;
    }
    rain[(long)y * nx + x] = precip;
}
