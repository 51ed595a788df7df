// Sum reduction of n ints into one partial sum per CTA.
//  - reduce_shared: tree reduction in dynamic shared memory with __syncthreads between levels
//    (blockDim.x must be a power of two).
//  - reduce_warp_shuffle: each warp reduces with __shfl_down_sync, warp leaders meet in static shared
//    memory, and warp 0 finishes with __shfl_xor_sync (butterfly).
//  - reduce_atomic_total: the same as reduce_warp_shuffle, then one atomicAdd per CTA into *total.

extern "C" __global__ void reduce_shared(const int* in, int* partial, int n) {
    extern __shared__ int buf[];
    unsigned t = threadIdx.x;
    unsigned i = blockIdx.x * blockDim.x + t;
    buf[t] = (i < n) ? in[i] : 0;
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (t < s) {
            buf[t] += buf[t + s];
        }
        __syncthreads();
    }
    if (t == 0) {
        partial[blockIdx.x] = buf[0];
    }
}

__device__ __forceinline__ int warp_sum_down(int v) {
    for (int offset = 16; offset > 0; offset >>= 1) {
        v += __shfl_down_sync(0xffffffffu, v, offset);
    }
    return v;
}

__device__ __forceinline__ int warp_sum_xor(int v) {
    for (int mask = 16; mask > 0; mask >>= 1) {
        v += __shfl_xor_sync(0xffffffffu, v, mask);
    }
    return v;
}

__device__ __forceinline__ int block_sum(const int* in, int n) {
    __shared__ int warp_sums[32];
    unsigned t = threadIdx.x;
    unsigned i = blockIdx.x * blockDim.x + t;
    int v = (i < n) ? in[i] : 0;
    v = warp_sum_down(v);
    unsigned lane = t & 31u;
    unsigned warp = t >> 5;
    if (lane == 0) {
        warp_sums[warp] = v;
    }
    __syncthreads();
    unsigned warps = (blockDim.x + 31u) >> 5;
    if (warp == 0) {
        int w = (lane < warps) ? warp_sums[lane] : 0;
        w = warp_sum_xor(w);
        v = w;
    }
    return v;
}

extern "C" __global__ void reduce_warp_shuffle(const int* in, int* partial, int n) {
    int v = block_sum(in, n);
    if (threadIdx.x == 0) {
        partial[blockIdx.x] = v;
    }
}

extern "C" __global__ void reduce_atomic_total(const int* in, int* total, int n) {
    int v = block_sum(in, n);
    if (threadIdx.x == 0) {
        atomicAdd(total, v);
    }
}

// Broadcast and rotate with __shfl_sync / __shfl_up_sync: out[i] = in[lane (src)] patterns, used to
// check the idx and up modes on their own. Each warp's lane l writes:
//   out[3*i+0] = value of lane (l + rot) % 32 (shfl.idx)
//   out[3*i+1] = value of lane l - 1, or its own for lane 0 (shfl.up)
//   out[3*i+2] = inclusive prefix sum over the warp built with __shfl_up_sync
extern "C" __global__ void shuffle_modes(const int* in, int* out, int rot) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned lane = threadIdx.x & 31u;
    int v = in[i];
    int rotated = __shfl_sync(0xffffffffu, v, (lane + rot) & 31u);
    int up = __shfl_up_sync(0xffffffffu, v, 1);
    int scan = v;
    for (int d = 1; d < 32; d <<= 1) {
        int other = __shfl_up_sync(0xffffffffu, scan, d);
        if (lane >= d) {
            scan += other;
        }
    }
    out[3 * i + 0] = rotated;
    out[3 * i + 1] = up;
    out[3 * i + 2] = scan;
}
