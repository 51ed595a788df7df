// Transfer study, 3D stencil (ADSM paper §5.1, Figure 9): one leapfrog step of the 3D wave equation with a
// 7-point Laplacian. `older` holds u(t-1) on entry and u(t+1) on exit; `current` is u(t). The faces of the
// volume stay at zero. One thread per (x, y) column walks the z axis.
extern "C" __global__ void stencil_step(int nx, int ny, int nz, float courant2, const float* current,
                                        float* older) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= nx || y >= ny) {
        return;
    }
    int plane = nx * ny;
    bool edge = x == 0 || y == 0 || x == nx - 1 || y == ny - 1;
    for (int z = 0; z < nz; ++z) {
        int i = z * plane + y * nx + x;
        if (edge || z == 0 || z == nz - 1) {
            older[i] = 0.0f;
            continue;
        }
        float c = current[i];
        float sum = __fadd_rn(__fadd_rn(__fadd_rn(current[i - 1], current[i + 1]),
                                        __fadd_rn(current[i - nx], current[i + nx])),
                              __fadd_rn(current[i - plane], current[i + plane]));
        float laplacian = __fsub_rn(sum, __fmul_rn(6.0f, c));
        older[i] = __fmaf_rn(courant2, laplacian, __fsub_rn(__fmul_rn(2.0f, c), older[i]));
    }
}
