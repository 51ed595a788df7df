// One explicit step of 2D heat diffusion, the shape of a ping-pong stencil (HotSpot-like): `out` gets
// `in` plus k times the 5-point Laplacian; the border is copied. The host swaps `in` and `out` between
// steps (a `gmac ptx run` launch with "repeat" and "swap"). Every operation is explicitly rounded
// (__fadd_rn, __fmul_rn, ...), in the same order as the Java reference, so results match exactly.
// Our own code.

__global__ void heat_step(const float* in, float* out, int w, int h, float k) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) {
        return;
    }
    int c = y * w + x;
    if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
        out[c] = in[c];
        return;
    }
    float sum = __fadd_rn(__fadd_rn(__fadd_rn(in[c - w], in[c + w]), in[c - 1]), in[c + 1]);
    float lap = __fsub_rn(sum, __fmul_rn(4.0f, in[c]));
    out[c] = __fadd_rn(in[c], __fmul_rn(k, lap));
}
