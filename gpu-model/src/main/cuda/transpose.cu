// Matrix transpose out = in^T for a rows x cols row-major matrix of floats, launched with 2-D blocks of
// TILE x TILE threads.
//  - transpose_naive: reads coalesced, writes strided.
//  - transpose_shared_padded: stages a tile in shared memory with one column of padding (TILE+1) so a
//    column read touches different banks, then writes coalesced.
#define TILE 32

extern "C" __global__ void transpose_naive(const float* in, float* out, int rows, int cols) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    if (r < rows && c < cols) {
        out[c * rows + r] = in[r * cols + c];
    }
}

extern "C" __global__ void transpose_shared_padded(const float* in, float* out, int rows, int cols) {
    __shared__ float tile[TILE][TILE + 1];
    int c = blockIdx.x * TILE + threadIdx.x;
    int r = blockIdx.y * TILE + threadIdx.y;
    if (r < rows && c < cols) {
        tile[threadIdx.y][threadIdx.x] = in[r * cols + c];
    }
    __syncthreads();
    int oc = blockIdx.y * TILE + threadIdx.x;   // column of out = row of in
    int orow = blockIdx.x * TILE + threadIdx.y; // row of out = column of in
    if (orow < cols && oc < rows) {
        out[orow * rows + oc] = tile[threadIdx.x][threadIdx.y];
    }
}

// Unpadded shared-memory version (bank conflicts on a real GPU), so the two shared layouts can be
// compared for results and, later, for timing.
extern "C" __global__ void transpose_shared(const float* in, float* out, int rows, int cols) {
    __shared__ float tile[TILE][TILE];
    int c = blockIdx.x * TILE + threadIdx.x;
    int r = blockIdx.y * TILE + threadIdx.y;
    if (r < rows && c < cols) {
        tile[threadIdx.y][threadIdx.x] = in[r * cols + c];
    }
    __syncthreads();
    int oc = blockIdx.y * TILE + threadIdx.x;
    int orow = blockIdx.x * TILE + threadIdx.y;
    if (orow < cols && oc < rows) {
        out[orow * rows + oc] = tile[threadIdx.x][threadIdx.y];
    }
}
