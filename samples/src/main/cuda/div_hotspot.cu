// Divergence study, HOTSP (shaped like Rodinia's hotspot; Fung thesis Table 3.1, divergent set). A 16x16 CTA
// loads a tile of the temperature and power grids with a halo of `steps` cells and advances the tile `steps`
// time steps in shared memory; each step the cells that can still be computed shrink by one on every side (the
// "pyramid"), and cells at the grid's edge use their own temperature for a missing neighbour. The shrinking
// region and the grid's borders are the boundary branches that make warps diverge. Each CTA writes the
// (16 - 2 steps)^2 cells in its tile's centre.
#define BS 16

extern "C" __global__ void hotspot_step(const float* __restrict__ power, const float* __restrict__ tin, float* __restrict__ tout, int cols, int rows,
                                        int steps, float cap, float rx, float ry, float rz, float ambient) {
    __shared__ float t[BS][BS];
    __shared__ float p[BS][BS];
    __shared__ float next[BS][BS];
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int inner = BS - 2 * steps;
    int x0 = inner * blockIdx.x - steps;
    int y0 = inner * blockIdx.y - steps;
    int gx = x0 + tx;
    int gy = y0 + ty;
    bool inGrid = gx >= 0 && gx < cols && gy >= 0 && gy < rows;
    if (inGrid) {
        t[ty][tx] = tin[gy * cols + gx];
        p[ty][tx] = power[gy * cols + gx];
    }
    __syncthreads();
    int xmin = x0 < 0 ? -x0 : 0;
    int ymin = y0 < 0 ? -y0 : 0;
    int xmax = x0 + BS - 1 >= cols ? BS - 1 - (x0 + BS - cols) : BS - 1;
    int ymax = y0 + BS - 1 >= rows ? BS - 1 - (y0 + BS - rows) : BS - 1;
    int w = tx - 1 < xmin ? xmin : tx - 1;
    int e = tx + 1 > xmax ? xmax : tx + 1;
    int n = ty - 1 < ymin ? ymin : ty - 1;
    int s = ty + 1 > ymax ? ymax : ty + 1;
    float step = __fdiv_rn(1.0f, cap);
    bool computed = false;
    for (int i = 0; i < steps; i++) {
        computed = false;
        if (tx >= i + 1 && tx <= BS - i - 2 && ty >= i + 1 && ty <= BS - i - 2 && tx >= xmin && tx <= xmax
            && ty >= ymin && ty <= ymax) {
            computed = true;
            float c = t[ty][tx];
            float ns = __fmul_rn(__fsub_rn(__fadd_rn(t[s][tx], t[n][tx]), __fmul_rn(2.0f, c)), ry);
            float we = __fmul_rn(__fsub_rn(__fadd_rn(t[ty][e], t[ty][w]), __fmul_rn(2.0f, c)), rx);
            float am = __fmul_rn(__fsub_rn(ambient, c), rz);
            float d = __fadd_rn(__fadd_rn(__fadd_rn(p[ty][tx], ns), we), am);
            next[ty][tx] = __fadd_rn(c, __fmul_rn(step, d));
        }
        __syncthreads();
        if (i == steps - 1) {
            break;
        }
        if (computed) {
            t[ty][tx] = next[ty][tx];
        }
        __syncthreads();
    }
    if (computed) {
        tout[gy * cols + gx] = next[ty][tx];
    }
}
