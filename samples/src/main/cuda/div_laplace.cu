// Divergence study, LPS (shaped like the 3D Laplace solver of the GPGPU-Sim benchmarks; Fung thesis Table 3.1,
// divergent set). One Jacobi sweep of a 3D grid: a 32x4 CTA owns a 32x4 column of the x-y plane and marches up
// the z axis, staging each plane (with a one-cell halo) in shared memory. Halo cells are loaded by the threads
// on the tile's edge, and cells on the grid's boundary keep their value: both are branches a few threads of a
// warp take. The grid's x extent is not a multiple of 32, so the last CTA column has idle lanes as well.
#define TX 32
#define TY 4

extern "C" __global__ void laplace_sweep(int nx, int ny, int nz, const float* __restrict__ u1, float* __restrict__ u2) {
    __shared__ float plane[TY + 2][TX + 2];
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int i = blockIdx.x * TX + tx;
    int j = blockIdx.y * TY + ty;
    bool active = i < nx && j < ny;
    long stride = (long)nx * ny;
    long idx = (long)j * nx + i;
    float below = 0.0f;
    float here = active ? u1[idx] : 0.0f;
    for (int k = 0; k < nz; k++) {
        float above = active && k + 1 < nz ? u1[idx + stride] : 0.0f;
        if (active) {
            plane[ty + 1][tx + 1] = here;
            if (tx == 0 && i > 0) {
                plane[ty + 1][0] = u1[idx - 1];
            }
            if ((tx == TX - 1 || i == nx - 1) && i + 1 < nx) {
                plane[ty + 1][tx + 2] = u1[idx + 1];
            }
            if (ty == 0 && j > 0) {
                plane[0][tx + 1] = u1[idx - nx];
            }
            if ((ty == TY - 1 || j == ny - 1) && j + 1 < ny) {
                plane[ty + 2][tx + 1] = u1[idx + nx];
            }
        }
        __syncthreads();
        if (active) {
            float u;
            if (i == 0 || i == nx - 1 || j == 0 || j == ny - 1 || k == 0 || k == nz - 1) {
                u = here;
            } else {
                float sum = __fadd_rn(plane[ty + 1][tx], plane[ty + 1][tx + 2]);
                sum = __fadd_rn(sum, plane[ty][tx + 1]);
                sum = __fadd_rn(sum, plane[ty + 2][tx + 1]);
                sum = __fadd_rn(sum, below);
                sum = __fadd_rn(sum, above);
                u = __fmul_rn(sum, 0.16666667f);
            }
            u2[idx] = u;
        }
        __syncthreads();
        below = here;
        here = above;
        idx += stride;
    }
}
