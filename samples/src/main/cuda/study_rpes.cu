// Transfer study, rpes (Parboil's Rys polynomial equation solver; ADSM paper Table 2): two-electron repulsion
// integrals (ij|kl) over contracted s-type Gaussian shells, with the Boys function F0 in closed form (the
// one-root Rys case), in the device shape of Parboil's program (decision 0125). Only unique shell quartets
// i <= j <= k <= l are computed. Each quartet owns ceil(P_i P_j P_k P_l / RPES_BLOCK) consecutive thread blocks,
// one primitive quartet per thread; two kernels run in turn, each in launches of at most a grid-size limit of
// blocks:
//   rpes_compute: each block reads its 16-byte work descriptor, computes its primitive integrals and sums them
//                 into one partial per block (a device-only object the host never reads);
//   rpes_reduce:  one block per quartet sums the quartet's partials into its integral.
// Texture stand-ins: centres are float4 (x, y, z, unused) per shell; primitives are float2 (exponent,
// contraction coefficient), shell after shell.
// Descriptor of a block (uint4): x = the four contraction lengths, 4 bits each (shell i's in bits 12..15);
// y = the four shell indices, 8 bits each (i in bits 24..31); z = the four shells' first primitives, 8 bits
// each; w = the first block of the block's quartet. Quartet table entry (uint2): x = first block, y = blocks.

#define RPES_BLOCK 64

// erf(x) for x >= 0, Abramowitz and Stegun 7.1.26 (absolute error below 1.5e-7).
__device__ float erf_nonnegative(float x) {
    float t = __fdiv_rn(1.0f, __fmaf_rn(0.3275911f, x, 1.0f));
    float poly = __fmaf_rn(__fmaf_rn(__fmaf_rn(__fmaf_rn(1.061405429f, t, -1.453152027f), t, 1.421413741f), t,
                                     -0.284496736f), t, 0.254829592f);
    return __fsub_rn(1.0f, __fmul_rn(__fmul_rn(poly, t), __expf(-__fmul_rn(x, x))));
}

__device__ float boys0(float t) {
    if (t < 1.0e-6f) {
        return __fsub_rn(1.0f, __fdiv_rn(t, 3.0f));
    }
    float root = __fsqrt_rn(t);
    return __fdiv_rn(__fmul_rn(0.886226925f, erf_nonnegative(root)), root);
}

__device__ float dist2(float4 a, float4 b) {
    float dx = __fsub_rn(a.x, b.x);
    float dy = __fsub_rn(a.y, b.y);
    float dz = __fsub_rn(a.z, b.z);
    return __fmaf_rn(dz, dz, __fmaf_rn(dy, dy, __fmul_rn(dx, dx)));
}

__device__ unsigned field(unsigned word, int index, int bits) {
    return (word >> (bits * (3 - index))) & ((1u << bits) - 1u);
}

// The primitive integral [ab|cd] of one primitive quartet, in the Java reference's operation order.
__device__ float primitive_integral(float4 ci, float4 cj, float4 ck, float4 cl, float2 a, float2 b, float2 c,
                                   float2 d) {
    float rab = dist2(ci, cj);
    float rcd = dist2(ck, cl);
    float p = __fadd_rn(a.x, b.x);
    float kab = __expf(-__fdiv_rn(__fmul_rn(__fmul_rn(a.x, b.x), rab), p));
    float px = __fdiv_rn(__fmaf_rn(b.x, cj.x, __fmul_rn(a.x, ci.x)), p);
    float py = __fdiv_rn(__fmaf_rn(b.x, cj.y, __fmul_rn(a.x, ci.y)), p);
    float pz = __fdiv_rn(__fmaf_rn(b.x, cj.z, __fmul_rn(a.x, ci.z)), p);
    float cab = __fmul_rn(__fmul_rn(a.y, b.y), kab);
    float q = __fadd_rn(c.x, d.x);
    float kcd = __expf(-__fdiv_rn(__fmul_rn(__fmul_rn(c.x, d.x), rcd), q));
    float qx = __fdiv_rn(__fmaf_rn(d.x, cl.x, __fmul_rn(c.x, ck.x)), q);
    float qy = __fdiv_rn(__fmaf_rn(d.x, cl.y, __fmul_rn(c.x, ck.y)), q);
    float qz = __fdiv_rn(__fmaf_rn(d.x, cl.z, __fmul_rn(c.x, ck.z)), q);
    float dx = __fsub_rn(px, qx);
    float dy = __fsub_rn(py, qy);
    float dz = __fsub_rn(pz, qz);
    float rpq = __fmaf_rn(dz, dz, __fmaf_rn(dy, dy, __fmul_rn(dx, dx)));
    float pq = __fadd_rn(p, q);
    float t = __fdiv_rn(__fmul_rn(__fmul_rn(p, q), rpq), pq);
    // 2 * pi^(5/2) = 34.986837
    float pre = __fdiv_rn(34.986837f, __fmul_rn(__fmul_rn(p, q), __fsqrt_rn(pq)));
    float ccd = __fmul_rn(__fmul_rn(c.y, d.y), kcd);
    return __fmul_rn(__fmul_rn(__fmul_rn(pre, cab), ccd), boys0(t));
}

// Sums values[0 .. blockDim.x) into values[0]; blockDim.x is a power of two.
__device__ void tree_sum(volatile float* values) {
    for (unsigned half = blockDim.x >> 1; half > 0; half >>= 1) {
        if (threadIdx.x < half) {
            values[threadIdx.x] = __fadd_rn(values[threadIdx.x], values[threadIdx.x + half]);
        }
        __syncthreads();
    }
}

extern "C" __global__ void rpes_compute(const uint4* __restrict__ work, const float4* __restrict__ centres,
                                        const float2* __restrict__ primitives, float* partials,
                                        int firstBlock) {
    __shared__ float terms[RPES_BLOCK];
    int block = firstBlock + blockIdx.x;
    uint4 w = work[block];
    int n1 = field(w.x, 0, 4), n2 = field(w.x, 1, 4), n3 = field(w.x, 2, 4), n4 = field(w.x, 3, 4);
    int local = (block - (int) w.w) * RPES_BLOCK + threadIdx.x;
    float term = 0.0f;
    if (local < n1 * n2 * n3 * n4) {
        int d = local % n4;
        int c = (local / n4) % n3;
        int b = (local / (n4 * n3)) % n2;
        int a = local / (n4 * n3 * n2);
        term = primitive_integral(centres[field(w.y, 0, 8)], centres[field(w.y, 1, 8)], centres[field(w.y, 2, 8)],
                                  centres[field(w.y, 3, 8)], primitives[field(w.z, 0, 8) + a],
                                  primitives[field(w.z, 1, 8) + b], primitives[field(w.z, 2, 8) + c],
                                  primitives[field(w.z, 3, 8) + d]);
    }
    terms[threadIdx.x] = term;
    __syncthreads();
    tree_sum(terms);
    if (threadIdx.x == 0) {
        partials[block] = terms[0];
    }
}

// blockDim.x: the power of two at or above the most blocks any quartet has (at most RPES_BLOCK).
extern "C" __global__ void rpes_reduce(const float* __restrict__ partials, const uint2* __restrict__ quartets,
                                       float* integrals, int firstQuartet) {
    __shared__ float sums[RPES_BLOCK];
    int quartet = firstQuartet + blockIdx.x;
    uint2 range = quartets[quartet];
    sums[threadIdx.x] = threadIdx.x < range.y ? partials[range.x + threadIdx.x] : 0.0f;
    __syncthreads();
    tree_sum(sums);
    if (threadIdx.x == 0) {
        integrals[quartet] = sums[0];
    }
}
