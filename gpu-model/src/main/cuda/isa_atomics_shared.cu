// Atomics on shared memory of every kind. One CTA-wide set of shared cells is initialised from init[],
// every thread applies each operation with its own operand v = vals[global id], then thread 0 writes the
// cells back: out[blockIdx.x * 12 + k]. Old values returned by the atomics are summed per thread into
// olds[global id] (so a wrong return value shows) where that sum is independent of the order:
//  k=0 atomicAdd(u32)  1 atomicOr  2 atomicAnd  3 atomicXor  4 atomicMin(s32)  5 atomicMax(s32)
//  k=6 atomicMin(u32)  7 atomicMax(u32)  8 atomicInc(limit 1000)  9 atomicDec(limit 1000)
//  k=10 atomicExch (the final value is the operand of whichever thread went last: checked as "one of")
//  k=11 atomicCAS counter: each thread loops CAS(cell, old, old + (v & 7)) until it succeeds
//  Also out[...] for the float add: fout[blockIdx.x] = atomicAdd on a shared float of (float)(v & 255).
extern "C" __global__ void shared_atomics(const unsigned* vals, const unsigned* init, unsigned* out,
                                          unsigned* olds, float* fout, int n) {
    __shared__ unsigned cells[12];
    __shared__ float fcell;
    unsigned t = threadIdx.x;
    unsigned g = blockIdx.x * blockDim.x + t;
    if (t < 12) {
        cells[t] = init[t];
    }
    if (t == 0) {
        fcell = 0.0f;
    }
    __syncthreads();
    if (g < n) {
        unsigned v = vals[g];
        unsigned add_old = atomicAdd(&cells[0], v);
        atomicOr(&cells[1], v);
        atomicAnd(&cells[2], v | 0x0f0f0f0fu);
        atomicXor(&cells[3], v);
        atomicMin((int*)&cells[4], (int)v);
        atomicMax((int*)&cells[5], (int)v);
        atomicMin(&cells[6], v);
        atomicMax(&cells[7], v);
        atomicInc(&cells[8], 1000u);
        atomicDec(&cells[9], 1000u);
        unsigned exch_old = atomicExch(&cells[10], v);
        unsigned old = cells[11];
        unsigned assumed;
        do {
            assumed = old;
            old = atomicCAS(&cells[11], assumed, assumed + (v & 7u));
        } while (old != assumed);
        atomicAdd(&fcell, (float)(v & 255u));
        // add_old and exch_old depend on the order; their contribution is checked as sets by the test.
        olds[2 * g] = add_old;
        olds[2 * g + 1] = exch_old;
    }
    __syncthreads();
    if (t < 12) {
        out[blockIdx.x * 12 + t] = cells[t];
    }
    if (t == 0) {
        fout[blockIdx.x] = fcell;
    }
}

// 64-bit atomics on shared memory: atom.shared.add.u64, cas.b64, exch.b64, min/max.u64 and .s64,
// and/or/xor.b64. cells as above, out64[blockIdx.x * 9 + k]:
//  k=0 add  1 cas loop (old + (v & 15))  2 min.u64  3 max.u64  4 min.s64  5 max.s64  6 and  7 or  8 xor
extern "C" __global__ void shared_atomics64(const unsigned long long* vals, const unsigned long long* init,
                                            unsigned long long* out64, int n) {
    __shared__ unsigned long long cells[9];
    unsigned t = threadIdx.x;
    unsigned g = blockIdx.x * blockDim.x + t;
    if (t < 9) {
        cells[t] = init[t];
    }
    __syncthreads();
    if (g < n) {
        unsigned long long v = vals[g];
        atomicAdd(&cells[0], v);
        unsigned long long old = cells[1];
        unsigned long long assumed;
        do {
            assumed = old;
            old = atomicCAS(&cells[1], assumed, assumed + (v & 15ull));
        } while (old != assumed);
        atomicMin(&cells[2], v);
        atomicMax(&cells[3], v);
        atomicMin((long long*)&cells[4], (long long)v);
        atomicMax((long long*)&cells[5], (long long)v);
        atomicAnd(&cells[6], v | 0xff00ff00ff00ff00ull);
        atomicOr(&cells[7], v & 0x0101010101010101ull);
        atomicXor(&cells[8], v);
    }
    __syncthreads();
    if (t < 9) {
        out64[blockIdx.x * 9 + t] = cells[t];
    }
}
