// Global-memory atomics: 64-bit integer atomics, double and float add, and red.* (atomics whose
// result is unused). Every thread applies each operation to cells[k] with its own operand.
//  cells64[k]: 0 atomicAdd(u64)  1 atomicCAS loop (old + (v & 15))  2 atomicMin(u64)  3 atomicMax(u64)
//   4 atomicMin(s64)  5 atomicMax(s64)  6 atomicAnd(u64)  7 atomicOr(u64)  8 atomicXor(u64)
//   9 atomicExch(u64) (final value: one of the operands)
//  dcell[0] atomicAdd(double, (double)(v & 0xffff) * 0.25) (exact: all partial sums are representable)
//  fcell[0] atomicAdd(float, (float)(v & 0xff))
//  olds[i] = old value returned by the atomicAdd(u64) (checked as a set: the prefix sums in some order)
extern "C" __global__ void global_atomics64(const unsigned long long* vals, unsigned long long* cells64,
                                            double* dcell, float* fcell, unsigned long long* olds, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        unsigned long long v = vals[i];
        olds[i] = atomicAdd(&cells64[0], v);
        unsigned long long old = cells64[1];
        unsigned long long assumed;
        do {
            assumed = old;
            old = atomicCAS(&cells64[1], assumed, assumed + (v & 15ull));
        } while (old != assumed);
        atomicMin(&cells64[2], v);
        atomicMax(&cells64[3], v);
        atomicMin((long long*)&cells64[4], (long long)v);
        atomicMax((long long*)&cells64[5], (long long)v);
        atomicAnd(&cells64[6], v | 0xff00ff00ff00ff00ull);
        atomicOr(&cells64[7], v & 0x0101010101010101ull);
        atomicXor(&cells64[8], v);
        atomicExch(&cells64[9], v);
        atomicAdd(dcell, (double)(v & 0xffffull) * 0.25);
        atomicAdd(fcell, (float)(v & 0xffull));
    }
}

// 32-bit global atomics whose results are unused (nvcc may emit red.global.*) next to ones whose
// results are used (atom.global.*), on cells32[k]:
//  0 add  1 inc(limit 100)  2 dec(limit 100)  3 min(s32)  4 max(s32)  5 and  6 or  7 xor  8 sub (via add of -v)
// used[i] = atomicAdd(&cells32[9], 1) (a ticket: the set of tickets must be 0..n-1)
extern "C" __global__ void global_atomics32(const int* vals, int* cells32, int* used, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int v = vals[i];
        atomicAdd(&cells32[0], v);
        atomicInc((unsigned*)&cells32[1], 100u);
        atomicDec((unsigned*)&cells32[2], 100u);
        atomicMin(&cells32[3], v);
        atomicMax(&cells32[4], v);
        atomicAnd(&cells32[5], v | 0x00ff00ff);
        atomicOr(&cells32[6], v & 0x11111111);
        atomicXor(&cells32[7], v);
        atomicSub(&cells32[8], v);
        used[i] = atomicAdd(&cells32[9], 1);
    }
}

// red.* written out explicitly (nvcc 13 emits atom.* even when the result is unused, see
// docs/ptx-support.md): red.global.add.u32 / .u64 / .f32, red.global.max.s32, red.shared.add.u32,
// red.shared.or.b32. Counters in cells[0..3] (global) and, per CTA, shared cells written to
// per_cta[2 * blockIdx.x + k]. cells: 0 add.u32 of v  1 (64-bit, at cells64) add.u64 of v
// 2 max.s32 of v  3 (float, at fcell) add.f32 of (float)(v & 0xff)
extern "C" __global__ void red_explicit(const int* vals, int* cells, unsigned long long* cells64, float* fcell,
                                        unsigned* per_cta, int n) {
    __shared__ unsigned s[2];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x < 2) {
        s[threadIdx.x] = 0;
    }
    __syncthreads();
    if (i < n) {
        int v = vals[i];
        unsigned long long v64 = (unsigned long long)(unsigned)v;
        float f = (float)(v & 0xff);
        asm volatile("red.global.add.u32 [%0], %1;" ::"l"(cells), "r"(v) : "memory");
        asm volatile("red.global.add.u64 [%0], %1;" ::"l"(cells64), "l"(v64) : "memory");
        asm volatile("red.global.max.s32 [%0], %1;" ::"l"(cells + 2), "r"(v) : "memory");
        asm volatile("red.global.add.f32 [%0], %1;" ::"l"(fcell), "f"(f) : "memory");
        unsigned sa = (unsigned)__cvta_generic_to_shared(&s[0]);
        unsigned sb = (unsigned)__cvta_generic_to_shared(&s[1]);
        asm volatile("red.shared.add.u32 [%0], %1;" ::"r"(sa), "r"(v) : "memory");
        asm volatile("red.shared.or.b32 [%0], %1;" ::"r"(sb), "r"(v) : "memory");
    }
    __syncthreads();
    if (threadIdx.x < 2) {
        per_cta[2 * blockIdx.x + threadIdx.x] = s[threadIdx.x];
    }
}
