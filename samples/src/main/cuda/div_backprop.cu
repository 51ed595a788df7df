// Divergence study, BACKP (shaped like Rodinia's backprop; Fung thesis Table 3.1, coherent set). Two kernels of
// one training step of a two-layer network, 16x16 CTAs. layer_forward: each CTA multiplies a 16-input slice by
// the 16x16 weight block into shared memory and reduces the columns in a tree (a branch on the row number: the
// only divergence, between the two rows of each warp); adjust_weights: each thread updates one weight with
// momentum.
#define HB 16

extern "C" __global__ void bp_layer_forward(const float* __restrict__ input, const float* __restrict__ weights, float* __restrict__ partial, int hidden) {
    __shared__ float in[HB];
    __shared__ float m[HB][HB];
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int row = blockIdx.y * HB + ty + 1;   // input index (0 is the bias)
    int col = tx + 1;                      // hidden unit
    if (tx == 0) {
        in[ty] = input[row];
    }
    __syncthreads();
    m[ty][tx] = __fmul_rn(weights[row * (hidden + 1) + col], in[ty]);
    __syncthreads();
    for (int i = 1; i <= 4; i++) {
        int p = 1 << i;
        if (ty % p == 0) {
            m[ty][tx] = __fadd_rn(m[ty][tx], m[ty + p / 2][tx]);
        }
        __syncthreads();
    }
    if (ty == 0) {
        partial[blockIdx.y * hidden + tx] = m[0][tx];
    }
}

extern "C" __global__ void bp_adjust_weights(const float* __restrict__ delta, int hidden, const float* __restrict__ input, float* __restrict__ weights,
                                             float* __restrict__ oldWeights, float eta, float momentum) {
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int row = blockIdx.y * HB + ty + 1;
    int col = tx + 1;
    int idx = row * (hidden + 1) + col;
    float dw = __fadd_rn(__fmul_rn(__fmul_rn(eta, delta[col]), input[row]), __fmul_rn(momentum, oldWeights[idx]));
    weights[idx] = __fadd_rn(weights[idx], dw);
    oldWeights[idx] = dw;
}
