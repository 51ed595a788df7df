// TM study, CL and CLto (Fung thesis §4.3 and §6.6): one pass of a cloth simulation's distance solver. Every
// distance constraint (i0, i1, rest length) pulls its two particles (x, y, z, inverse mass) towards the rest length
// when they are off by more than `tolerance` of it; all constraints run in parallel transactions. CL reads the
// constraint inside the transaction (11 words read, 8 written when it moves the particles, none when they are close
// enough: a read-only transaction); CLto loads the constraint into registers first (8 words read). The
// fine-grained-lock version locks the two particles in index order.
#include "../../../../gpu-model/src/main/cuda/gmac_tm.cuh"

__device__ __forceinline__ bool solve(float4& p0, float4& p1, float rest, float tolerance) {
    float dx = p1.x - p0.x;
    float dy = p1.y - p0.y;
    float dz = p1.z - p0.z;
    float d = sqrtf(dx * dx + dy * dy + dz * dz);
    float diff = d - rest;
    if (fabsf(diff) <= tolerance * rest || d == 0.0f) {
        return false;
    }
    float s = diff / (d * (p0.w + p1.w));
    p0.x += dx * s * p0.w;
    p0.y += dy * s * p0.w;
    p0.z += dz * s * p0.w;
    p1.x -= dx * s * p1.w;
    p1.y -= dy * s * p1.w;
    p1.z -= dz * s * p1.w;
    return true;
}

__device__ __forceinline__ float4 load4(volatile float* p, int i) {
    return make_float4(p[4 * i], p[4 * i + 1], p[4 * i + 2], p[4 * i + 3]);
}

__device__ __forceinline__ void store4(volatile float* p, int i, float4 v) {
    p[4 * i] = v.x;
    p[4 * i + 1] = v.y;
    p[4 * i + 2] = v.z;
    p[4 * i + 3] = v.w;
}

extern "C" __global__ void cloth_solve_tm(volatile float* pos, volatile int* cons, float tolerance, int n) {
    for (int c = blockIdx.x * blockDim.x + threadIdx.x; c < n; c += gridDim.x * blockDim.x) {
        TX_BEGIN();
        int i0 = cons[4 * c];
        int i1 = cons[4 * c + 1];
        float rest = __int_as_float(cons[4 * c + 2]);
        float4 p0 = load4(pos, i0);
        float4 p1 = load4(pos, i1);
        if (solve(p0, p1, rest, tolerance)) {
            store4(pos, i0, p0);
            store4(pos, i1, p1);
        }
        TX_COMMIT();
    }
}

extern "C" __global__ void cloth_solve_tm_to(volatile float* pos, const int* cons, float tolerance, int n) {
    for (int c = blockIdx.x * blockDim.x + threadIdx.x; c < n; c += gridDim.x * blockDim.x) {
        int i0 = cons[4 * c];
        int i1 = cons[4 * c + 1];
        float rest = __int_as_float(cons[4 * c + 2]);
        TX_BEGIN();
        float4 p0 = load4(pos, i0);
        float4 p1 = load4(pos, i1);
        if (solve(p0, p1, rest, tolerance)) {
            store4(pos, i0, p0);
            store4(pos, i1, p1);
        }
        TX_COMMIT();
    }
}

extern "C" __global__ void cloth_solve_fgl(volatile float* pos, const int* cons, int* locks, float tolerance, int n) {
    for (int c = blockIdx.x * blockDim.x + threadIdx.x; c < n; c += gridDim.x * blockDim.x) {
        int i0 = cons[4 * c];
        int i1 = cons[4 * c + 1];
        float rest = __int_as_float(cons[4 * c + 2]);
        int lo = min(i0, i1);
        int hi = max(i0, i1);
        bool done = false;
        while (!done) {
            if (atomicCAS(&locks[lo], 0, 1) == 0) {
                if (atomicCAS(&locks[hi], 0, 1) == 0) {
                    float4 p0 = load4(pos, i0);
                    float4 p1 = load4(pos, i1);
                    if (solve(p0, p1, rest, tolerance)) {
                        store4(pos, i0, p0);
                        store4(pos, i1, p1);
                    }
                    __threadfence();
                    atomicExch(&locks[hi], 0);
                    done = true;
                }
                __threadfence();
                atomicExch(&locks[lo], 0);
            }
        }
    }
}
