// Divergence study, FCDT (shaped like a Viola-Jones face-detection cascade; Fung thesis Table 3.1, divergent
// set). One thread per window position over an integral image: it evaluates the cascade's stages in order, each
// a sum of two-rectangle features thresholded into votes, and stops at the first stage whose vote falls short.
// Most windows are rejected within a stage or two while a few run deep: the early exit diverges every warp.
// features: per feature 10 ints: x0 y0 w0 h0 x1 y1 w1 h1 threshold (weight of rectangle 1 is -2), vote.
__device__ __forceinline__ int rectSum(const int* ii, int stride, int x, int y, int w, int h) {
    return ii[(y + h) * stride + x + w] - ii[y * stride + x + w] - ii[(y + h) * stride + x] + ii[y * stride + x];
}

extern "C" __global__ void cascade_detect(const int* __restrict__ integral, int width, int height, int windows, int step,
                                          const int* __restrict__ stageFirst, const int* __restrict__ stageThreshold, int stages,
                                          const int* __restrict__ features, int* __restrict__ passed) {
    int wx = blockIdx.x * blockDim.x + threadIdx.x;
    int wy = blockIdx.y * blockDim.y + threadIdx.y;
    int perRow = (width - windows) / step + 1;
    int rows = (height - windows) / step + 1;
    if (wx >= perRow || wy >= rows) {
        return;
    }
    int x = wx * step;
    int y = wy * step;
    int stride = width + 1;
    int stage = 0;
    for (; stage < stages; stage++) {
        int vote = 0;
        for (int f = stageFirst[stage]; f < stageFirst[stage + 1]; f++) {
            const int* ft = features + 10 * f;
            int v = rectSum(integral, stride, x + ft[0], y + ft[1], ft[2], ft[3])
                    - 2 * rectSum(integral, stride, x + ft[4], y + ft[5], ft[6], ft[7]);
            vote += v > ft[8] ? ft[9] : -ft[9];
        }
        if (vote < stageThreshold[stage]) {
            break;
        }
    }
    passed[wy * perRow + wx] = stage;
}
