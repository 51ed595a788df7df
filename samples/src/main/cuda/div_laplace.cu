// Divergence study, LPS (shaped like the 3D Laplace solver of the GPGPU-Sim benchmarks, M. Giles's laplace3d;
// Fung thesis Table 3.1, divergent set). One Jacobi sweep of a 3D grid: a 32x4 CTA owns a 32x4 column of the x-y
// plane and marches up the z axis with three planes of its tile (below, here, above) in shared memory; the plane
// above is read from global memory one step ahead. The one-cell halo of the tile is loaded as in the original:
// each thread loads at most one halo cell, and the halo cells belong to the first 2 * (TX + TY) threads of the CTA
// by linear index (the rows below and above the tile, then the columns left and right), so the halo is one branch
// that warps 0 and 1 and a quarter of warp 2 take. Cells on the grid's boundary keep their value, and the grid's x
// extent is not a multiple of 32, so the last CTA column has idle lanes as well.
#define TX 32
#define TY 4

extern "C" __global__ void laplace_sweep(int nx, int ny, int nz, const float* __restrict__ u1, float* __restrict__ u2) {
    __shared__ float planes[3][TY + 2][TX + 2];
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int i = blockIdx.x * TX + tx;
    int j = blockIdx.y * TY + ty;
    bool active = i < nx && j < ny;
    long stride = (long)nx * ny;
    long idx = (long)j * nx + i;

    // the halo cell of this thread, if any: (hx, hy) in the padded tile
    int t = ty * TX + tx;
    bool halo = t < 2 * (TX + TY);
    int hx = 0;
    int hy = 0;
    long hidx = 0;
    if (halo) {
        if (t < 2 * TX) {
            hx = t % TX + 1;
            hy = t < TX ? 0 : TY + 1;
        } else {
            int c = t - 2 * TX;
            hx = (c % 2) * (TX + 1);
            hy = c / 2 + 1;
        }
        int hi = blockIdx.x * TX + hx - 1;
        int hj = blockIdx.y * TY + hy - 1;
        halo = hi >= 0 && hi < nx && hj >= 0 && hj < ny;
        hidx = (long)hj * nx + hi;
    }

    if (active) {
        planes[2][ty + 1][tx + 1] = u1[idx];
    }
    if (halo) {
        planes[2][hy][hx] = u1[hidx];
    }
    for (int k = 0; k < nz; k++) {
        // move the planes down and read the plane above the next one
        if (active) {
            planes[0][ty + 1][tx + 1] = planes[1][ty + 1][tx + 1];
            planes[1][ty + 1][tx + 1] = planes[2][ty + 1][tx + 1];
            if (k + 1 < nz) {
                planes[2][ty + 1][tx + 1] = u1[idx + (k + 1) * stride];
            }
        }
        if (halo) {
            planes[1][hy][hx] = planes[2][hy][hx];
            if (k + 1 < nz) {
                planes[2][hy][hx] = u1[hidx + (k + 1) * stride];
            }
        }
        __syncthreads();
        if (active) {
            float u;
            if (i == 0 || i == nx - 1 || j == 0 || j == ny - 1 || k == 0 || k == nz - 1) {
                u = planes[1][ty + 1][tx + 1];
            } else {
                float sum = __fadd_rn(planes[1][ty + 1][tx], planes[1][ty + 1][tx + 2]);
                sum = __fadd_rn(sum, planes[1][ty][tx + 1]);
                sum = __fadd_rn(sum, planes[1][ty + 2][tx + 1]);
                sum = __fadd_rn(sum, planes[0][ty + 1][tx + 1]);
                sum = __fadd_rn(sum, planes[2][ty + 1][tx + 1]);
                u = __fmul_rn(sum, 0.16666667f);
            }
            u2[idx + k * stride] = u;
        }
        __syncthreads();
    }
}
