// Blocked LU decomposition (Doolittle, no pivoting, in place; L has a unit diagonal) in the shape of the
// classic three-kernel GPU LUD: for each diagonal block at `offset`, lud_diagonal factors that block,
// lud_perimeter solves the blocks right of it (U) and below it (L), and lud_internal updates the
// trailing submatrix. The matrix is n x n floats, row-major, n a multiple of BS. Every operation is
// explicitly rounded (__fmul_rn, __fsub_rn, __fdiv_rn) in the same order as the Java reference, so
// results match exactly. C++ linkage: the spec names the kernels by their CUDA names. Our own code.

#define BS 16

// One CTA of BS threads; thread t owns row t of the diagonal block.
__global__ void lud_diagonal(float* m, int n, int offset) {
    int t = threadIdx.x;
    float* a = m + offset * n + offset;
    for (int i = 0; i < BS; ++i) {
        if (t > i) {
            a[t * n + i] = __fdiv_rn(a[t * n + i], a[i * n + i]);
        }
        __syncthreads();
        if (t > i) {
            for (int k = i + 1; k < BS; ++k) {
                a[t * n + k] = __fsub_rn(a[t * n + k], __fmul_rn(a[t * n + i], a[i * n + k]));
            }
        }
        __syncthreads();
    }
}

// One CTA of BS threads per block after the diagonal one: CTA b solves the block b+1 to the right
// (thread t owns one column) and the block b+1 below (thread t owns one row).
__global__ void lud_perimeter(float* m, int n, int offset) {
    int t = threadIdx.x;
    int b = (blockIdx.x + 1) * BS;
    const float* d = m + offset * n + offset;
    // U: rows of the diagonal block, columns offset+b+t. Forward substitution with the unit-lower L.
    float* u = m + offset * n + offset + b + t;
    for (int i = 1; i < BS; ++i) {
        for (int k = 0; k < i; ++k) {
            u[i * n] = __fsub_rn(u[i * n], __fmul_rn(d[i * n + k], u[k * n]));
        }
    }
    // L: rows offset+b+t, columns of the diagonal block.
    float* l = m + (offset + b + t) * n + offset;
    for (int j = 0; j < BS; ++j) {
        for (int k = 0; k < j; ++k) {
            l[j] = __fsub_rn(l[j], __fmul_rn(l[k], d[k * n + j]));
        }
        l[j] = __fdiv_rn(l[j], d[j * n + j]);
    }
}

// A 2D grid of BS x BS CTAs over the trailing blocks: a[r][c] -= sum over k of L[r][k] * U[k][c].
__global__ void lud_internal(float* m, int n, int offset) {
    int r = offset + (blockIdx.y + 1) * BS + threadIdx.y;
    int c = offset + (blockIdx.x + 1) * BS + threadIdx.x;
    float v = m[r * n + c];
    for (int k = 0; k < BS; ++k) {
        v = __fsub_rn(v, __fmul_rn(m[r * n + offset + k], m[(offset + k) * n + c]));
    }
    m[r * n + c] = v;
}
