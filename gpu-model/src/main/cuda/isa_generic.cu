// Generic addressing: a __device__ __noinline__ function taking generic pointers is called with pointers
// into global, shared, local and const-derived data, so nvcc must keep the generic ld/st and emit cvta
// to generic from each space (cvta.shared / cvta.local / cvta.global) and back (cvta.to.*), plus the
// space tests isspacep via __isShared / __isGlobal / __isLocal.

__device__ __noinline__ int sum_and_bump(int* p, int count) {
    int s = 0;
    for (int k = 0; k < count; ++k) {
        s += p[k];
        p[k] = p[k] + 1;
    }
    return s;
}

// Space of a generic pointer as a small code: 1 global, 2 shared, 4 local (bits can combine only if the
// engine is wrong).
__device__ __noinline__ unsigned space_of(const void* p) {
    return (__isGlobal(p) ? 1u : 0u) | (__isShared(p) ? 2u : 0u) | (__isLocal(p) ? 4u : 0u);
}

// Per thread i (count = 4):
//  out[8*i+0] = sum over g[4i .. 4i+3] (global), which are then incremented in place
//  out[8*i+1] = sum over the thread's 4-int slice of a shared array initialised to i*4+k
//  out[8*i+2] = sum over a local array initialised to 2*i+k, indexed dynamically
//  out[8*i+3] = shared slice element 0 after the bump (i*4 + 1)
//  out[8*i+4] = local element (count-1) after the bump (2*i + 4)
//  out[8*i+5] = space_of(global ptr) | space_of(shared ptr) << 4 | space_of(local ptr) << 8  (= 0x421)
//  out[8*i+6] = shared address round trip: the int read back through
//               __cvta_shared_to_generic(__cvta_generic_to_shared(ptr)) equals the slice element 1
//  out[8*i+7] = 32-bit shared window offset of the slice, relative to the slice of thread 0 (= 16*t)
extern "C" __global__ void generic_spaces(int* g, int* out, int n, int which) {
    __shared__ int sh[4 * 256];
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    int local_arr[8];
    for (int k = 0; k < 4; ++k) {
        sh[4 * t + k] = i * 4 + k;
    }
    for (int k = 0; k < 8; ++k) {
        local_arr[k] = 2 * i + k;
    }
    __syncthreads();
    if (i < n) {
        int* lp = &local_arr[which & 3];  // which = 0 in the tests; keeps the array in local memory
        int* sp = &sh[4 * t];
        int* gp = &g[4 * i];
        int* o = out + 8 * i;
        o[0] = sum_and_bump(gp, 4);
        o[1] = sum_and_bump(sp, 4);
        o[2] = sum_and_bump(lp, 4);
        o[3] = sp[0];
        o[4] = lp[3];
        o[5] = (int)(space_of(gp) | (space_of(sp) << 4) | (space_of(lp) << 8));
        size_t window = __cvta_generic_to_shared(sp + 1);
        int* back = (int*)__cvta_shared_to_generic(window);
        o[6] = *back;
        o[7] = (int)(__cvta_generic_to_shared(sp) - __cvta_generic_to_shared(&sh[0]));
    }
}

// Generic pointers to a __constant__ table (cvta.const) and a __device__ array (cvta.global) passed
// through the same kind of helper, and conversions back from generic inside a noinline function, where
// nvcc cannot know the space statically (cvta.to.shared / cvta.to.local / cvta.to.global).
__constant__ int ctab[4] = {5, 6, 7, 8};
__device__ int gtab[4] = {100, 200, 300, 400};

__device__ __noinline__ int read_generic(const int* p, int k) { return p[k]; }

__device__ __noinline__ unsigned long long to_space(const void* p, int space) {
    if (space == 1) {
        return __cvta_generic_to_global(p);
    } else if (space == 2) {
        return __cvta_generic_to_shared(p);
    }
    return __cvta_generic_to_local(p);
}

// out[4*i+0] = ctab[i & 3] + g[i] + gtab[(i >> 2) & 3] (all read through generic pointers)
// out[4*i+1] = to_space(g + i, global) - to_space(g, global)                 (= 4*i)
// out[4*i+2] = to_space(&sh[t + 1], shared) - to_space(&sh[0], shared)       (= 4*(t+1))
// out[4*i+3] = to_space(&loc[which + 3], local) - to_space(&loc[which], local) (= 12)
extern "C" __global__ void generic_const(const int* g, int* out, int n, int which) {
    __shared__ int sh[257];
    int loc[8];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int t = threadIdx.x;
    for (int k = 0; k < 8; ++k) {
        loc[k] = k * t;
    }
    sh[t] = t;
    __syncthreads();
    if (i < n) {
        out[4 * i + 0] = read_generic(ctab, i & 3) + read_generic(g, i) + read_generic(gtab, (i >> 2) & 3);
        out[4 * i + 1] = (int)(to_space(g + i, 1) - to_space(g, 1));
        out[4 * i + 2] = (int)(to_space(&sh[t + 1], 2) - to_space(&sh[0], 2));
        out[4 * i + 3] = (int)(to_space(&loc[(which & 3) + 3], 4) - to_space(&loc[which & 3], 4));
    }
}
