// Rounding and flush modes on float arithmetic, and the approximate math functions.
// Exactly rounded operations (results compared bit for bit), for a = x[i], b = y[i], c = z[i]:
// exact[16*i + k] (float bits):
//  k=0 __fmaf_rn(a,b,c) 1 __fmaf_rz 2 __fmaf_rd 3 __fmaf_ru 4 __fadd_rn(a,b) 5 __fadd_rz 6 __fadd_rd 7 __fadd_ru
//  k=8 __fmul_rn(a,b) 9 __fmul_rz 10 __fmul_rd 11 __fmul_ru 12 __fdiv_rn(a,b) 13 __frcp_rn(a) 14 __fsqrt_rn(|a|)
//  k=15 __fsub_rz(a,b)
extern "C" __global__ void fmath_exact(const float* x, const float* y, const float* z, float* exact, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float a = x[i], b = y[i], c = z[i];
        float* o = exact + 16 * i;
        o[0] = __fmaf_rn(a, b, c);
        o[1] = __fmaf_rz(a, b, c);
        o[2] = __fmaf_rd(a, b, c);
        o[3] = __fmaf_ru(a, b, c);
        o[4] = __fadd_rn(a, b);
        o[5] = __fadd_rz(a, b);
        o[6] = __fadd_rd(a, b);
        o[7] = __fadd_ru(a, b);
        o[8] = __fmul_rn(a, b);
        o[9] = __fmul_rz(a, b);
        o[10] = __fmul_rd(a, b);
        o[11] = __fmul_ru(a, b);
        o[12] = __fdiv_rn(a, b);
        o[13] = __frcp_rn(a);
        o[14] = __fsqrt_rn(fabsf(a));
        o[15] = __fsub_rz(a, b);
    }
}

// Double versions of the exactly rounded operations: exact[10*i + k]:
//  k=0 __fma_rn 1 __fma_rz 2 __fma_rd 3 __fma_ru 4 __dadd_rz(a,b) 5 __dmul_ru(a,b) 6 __ddiv_rn(a,b)
//  k=7 __drcp_rn(a) 8 __dsqrt_rn(|a|) 9 __dsub_rd(a,b)
extern "C" __global__ void fmath_exact_f64(const double* x, const double* y, const double* z, double* exact, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        double a = x[i], b = y[i], c = z[i];
        double* o = exact + 10 * i;
        o[0] = __fma_rn(a, b, c);
        o[1] = __fma_rz(a, b, c);
        o[2] = __fma_rd(a, b, c);
        o[3] = __fma_ru(a, b, c);
        o[4] = __dadd_rz(a, b);
        o[5] = __dmul_ru(a, b);
        o[6] = __ddiv_rn(a, b);
        o[7] = __drcp_rn(a);
        o[8] = __dsqrt_rn(fabs(a));
        o[9] = __dsub_rd(a, b);
    }
}

// Approximate functions (results checked against the PTX ISA's error bounds, not bit for bit).
// approx[12*i + k] for a = x[i], b = y[i]:
//  k=0 __expf(a) 1 __logf(|a|) 2 __sinf(a) 3 __cosf(a) 4 __powf(|a|, b) 5 rsqrtf(|a|) 6 sqrtf(|a|)
//  k=7 __fdividef(a, b) 8 a / b (div.rn or div.full)  9 exp2f via ex2.approx  10 __log2f(|a|)  11 __tanf(a)
extern "C" __global__ void fmath_approx(const float* x, const float* y, float* approx, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float a = x[i], b = y[i];
        float* o = approx + 12 * i;
        o[0] = __expf(a);
        o[1] = __logf(fabsf(a));
        o[2] = __sinf(a);
        o[3] = __cosf(a);
        o[4] = __powf(fabsf(a), b);
        o[5] = rsqrtf(fabsf(a));
        o[6] = sqrtf(fabsf(a));
        o[7] = __fdividef(a, b);
        o[8] = a / b;
        o[9] = exp2f(a);
        o[10] = __log2f(fabsf(a));
        o[11] = __tanf(a);
    }
}

// The raw approximate PTX instructions, reached through inline asm so each one is exercised on its own
// (nvcc emits the .ftz forms only with -ftz=true / -use_fast_math, which the fixed flags do not use):
// raw[12*i + k] for a = x[i], b = y[i]:
//  k=0 ex2.approx.ftz.f32 a   1 ex2.approx.f32 a   2 lg2.approx.ftz.f32 |a|   3 lg2.approx.f32 |a|
//  k=4 sin.approx.ftz.f32 a   5 cos.approx.f32 a   6 rcp.approx.ftz.f32 a     7 rsqrt.approx.ftz.f32 |a|
//  k=8 sqrt.approx.ftz.f32 |a| 9 div.approx.ftz.f32 a b 10 div.full.ftz.f32 a b 11 tanh.approx.f32 a
extern "C" __global__ void fmath_raw(const float* x, const float* y, float* raw, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float a = x[i], b = y[i], m = fabsf(x[i]);
        float r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11;
        asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(r0) : "f"(a));
        asm("ex2.approx.f32 %0, %1;" : "=f"(r1) : "f"(a));
        asm("lg2.approx.ftz.f32 %0, %1;" : "=f"(r2) : "f"(m));
        asm("lg2.approx.f32 %0, %1;" : "=f"(r3) : "f"(m));
        asm("sin.approx.ftz.f32 %0, %1;" : "=f"(r4) : "f"(a));
        asm("cos.approx.f32 %0, %1;" : "=f"(r5) : "f"(a));
        asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r6) : "f"(a));
        asm("rsqrt.approx.ftz.f32 %0, %1;" : "=f"(r7) : "f"(m));
        asm("sqrt.approx.ftz.f32 %0, %1;" : "=f"(r8) : "f"(m));
        asm("div.approx.ftz.f32 %0, %1, %2;" : "=f"(r9) : "f"(a), "f"(b));
        asm("div.full.ftz.f32 %0, %1, %2;" : "=f"(r10) : "f"(a), "f"(b));
        asm("tanh.approx.f32 %0, %1;" : "=f"(r11) : "f"(a));
        float* o = raw + 12 * i;
        o[0] = r0; o[1] = r1; o[2] = r2; o[3] = r3; o[4] = r4; o[5] = r5;
        o[6] = r6; o[7] = r7; o[8] = r8; o[9] = r9; o[10] = r10; o[11] = r11;
    }
}

// Double-precision approximations: rcp.approx.ftz.f64 (nvcc's __drcp_rn path seeds Newton iterations
// with it) and rsqrt.approx.f64 / rsqrt.approx.ftz.f64. raw[3*i + k] for a = x[i]:
//  k=0 rcp.approx.ftz.f64 a   1 rsqrt.approx.f64 |a|   2 rsqrt.approx.ftz.f64 |a|
extern "C" __global__ void fmath_raw_f64(const double* x, double* raw, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        double a = x[i], m = fabs(x[i]);
        double r0, r1, r2;
        asm("rcp.approx.ftz.f64 %0, %1;" : "=d"(r0) : "d"(a));
        asm("rsqrt.approx.f64 %0, %1;" : "=d"(r1) : "d"(m));
        asm("rsqrt.approx.ftz.f64 %0, %1;" : "=d"(r2) : "d"(m));
        raw[3 * i + 0] = r0;
        raw[3 * i + 1] = r1;
        raw[3 * i + 2] = r2;
    }
}

// Flush-to-zero arithmetic (what -ftz=true code contains), through inline asm: subnormal inputs and
// results become sign-preserving zero. ftz[6*i + k] for a = x[i], b = y[i], c = z[i]:
//  k=0 add.rn.ftz.f32 a b  1 sub.ftz.f32 a b  2 mul.rz.ftz.f32 a b  3 fma.rn.ftz.f32 a b c
//  k=4 min.ftz.f32 a b     5 max.ftz.f32 a b
extern "C" __global__ void fmath_ftz(const float* x, const float* y, const float* z, float* ftz, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float a = x[i], b = y[i], c = z[i];
        float r0, r1, r2, r3, r4, r5;
        asm("add.rn.ftz.f32 %0, %1, %2;" : "=f"(r0) : "f"(a), "f"(b));
        asm("sub.ftz.f32 %0, %1, %2;" : "=f"(r1) : "f"(a), "f"(b));
        asm("mul.rz.ftz.f32 %0, %1, %2;" : "=f"(r2) : "f"(a), "f"(b));
        asm("fma.rn.ftz.f32 %0, %1, %2, %3;" : "=f"(r3) : "f"(a), "f"(b), "f"(c));
        asm("min.ftz.f32 %0, %1, %2;" : "=f"(r4) : "f"(a), "f"(b));
        asm("max.ftz.f32 %0, %1, %2;" : "=f"(r5) : "f"(a), "f"(b));
        float* o = ftz + 6 * i;
        o[0] = r0; o[1] = r1; o[2] = r2; o[3] = r3; o[4] = r4; o[5] = r5;
    }
}
