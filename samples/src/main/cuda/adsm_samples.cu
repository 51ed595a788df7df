// Kernels of the five ADSM samples of issue 14 (dev.gmac.samples.adsm). Our own code.
//
// heat_step: one explicit step of 2-D heat diffusion on an nx x ny grid (5-point Laplacian, fixed edges).
// scale_offset: out[i] = in[i] * scale + offset (the file -> kernel -> file sample).
// add_one: data[i] += 1 for i < n (the two-thread sample).

extern "C" __global__ void heat_step(const float* __restrict__ in, float* __restrict__ out, int nx, int ny,
                                     float alpha) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= nx || y >= ny) {
        return;
    }
    int i = y * nx + x;
    if (x == 0 || y == 0 || x == nx - 1 || y == ny - 1) {
        out[i] = in[i];
        return;
    }
    float sum = __fadd_rn(__fadd_rn(in[i - 1], in[i + 1]), __fadd_rn(in[i - nx], in[i + nx]));
    float lap = __fsub_rn(sum, __fmul_rn(4.0f, in[i]));
    out[i] = __fmaf_rn(alpha, lap, in[i]);
}

extern "C" __global__ void scale_offset(const float* __restrict__ in, float* __restrict__ out, int n, float scale,
                                        float offset) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = __fmaf_rn(in[i], scale, offset);
    }
}

extern "C" __global__ void add_one(float* data, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        data[i] = __fadd_rn(data[i], 1.0f);
    }
}
