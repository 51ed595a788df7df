// Tiled matrix multiply C = A * B (row-major, A is m x k, B is k x n, C is m x n) with 16x16 tiles in
// shared memory. Exercises 2-D grids and blocks, two __syncthreads per tile, and zero padding of tiles
// that hang over the matrix edge (any m, n, k).
#define TILE 16

extern "C" __global__ void matmul_tiled(const float* A, const float* B, float* C, int m, int n, int k) {
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;
    float acc = 0.0f;
    for (int t = 0; t < (k + TILE - 1) / TILE; ++t) {
        int ac = t * TILE + tx;
        int br = t * TILE + ty;
        As[ty][tx] = (row < m && ac < k) ? A[row * k + ac] : 0.0f;
        Bs[ty][tx] = (br < k && col < n) ? B[br * n + col] : 0.0f;
        __syncthreads();
        for (int j = 0; j < TILE; ++j) {
            acc += As[ty][j] * Bs[j][tx];
        }
        __syncthreads();
    }
    if (row < m && col < n) {
        C[row * n + col] = acc;
    }
}

// Integer version of the same algorithm, so a test can compare exactly with no rounding question.
extern "C" __global__ void matmul_tiled_i32(const int* A, const int* B, int* C, int m, int n, int k) {
    __shared__ int As[TILE][TILE];
    __shared__ int Bs[TILE][TILE];
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;
    int acc = 0;
    for (int t = 0; t < (k + TILE - 1) / TILE; ++t) {
        int ac = t * TILE + tx;
        int br = t * TILE + ty;
        As[ty][tx] = (row < m && ac < k) ? A[row * k + ac] : 0;
        Bs[ty][tx] = (br < k && col < n) ? B[br * n + col] : 0;
        __syncthreads();
        for (int j = 0; j < TILE; ++j) {
            acc += As[ty][j] * Bs[j][tx];
        }
        __syncthreads();
    }
    if (row < m && col < n) {
        C[row * n + col] = acc;
    }
}
