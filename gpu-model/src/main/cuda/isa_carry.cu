// Carry chains (add.cc/addc/sub.cc/subc/mad.lo.cc/madc.*): 64-bit linear congruential generators,
// 128-bit products and sums, and modular multiplication, all of which nvcc builds from 32-bit pieces
// with carry flags or from 64-bit mul.hi/mul.lo.

// Thread i advances a 64-bit LCG (Knuth's MMIX constants) `steps` times from seeds[i].
extern "C" __global__ void lcg64(const unsigned long long* seeds, unsigned long long* out, int steps, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        unsigned long long x = seeds[i];
        for (int s = 0; s < steps; ++s) {
            x = x * 6364136223846793005ull + 1442695040888963407ull;
        }
        out[i] = x;
    }
}

// Full 128-bit product of a[i] and b[i] as (hi, lo), plus a 128-bit sum of the product and c[i]:
// out[4*i+0..1] = a*b (lo, hi), out[4*i+2..3] = a*b + (c << 64 | c) (lo, hi).
extern "C" __global__ void mul128(const unsigned long long* a, const unsigned long long* b,
                                  const unsigned long long* c, unsigned long long* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        unsigned __int128 p = (unsigned __int128)a[i] * b[i];
        unsigned __int128 q = p + (((unsigned __int128)c[i] << 64) | c[i]);
        out[4 * i + 0] = (unsigned long long)p;
        out[4 * i + 1] = (unsigned long long)(p >> 64);
        out[4 * i + 2] = (unsigned long long)q;
        out[4 * i + 3] = (unsigned long long)(q >> 64);
    }
}

// 96-bit arithmetic in three 32-bit limbs written out explicitly with inline carry chains
// (add.cc / addc.cc / addc and sub.cc / subc.cc / subc), as big-number code does:
// out[6*i+0..2] = x + y, out[6*i+3..5] = x - y (both modulo 2^96; limbs little-endian).
extern "C" __global__ void limbs96(const unsigned* x, const unsigned* y, unsigned* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        unsigned x0 = x[3 * i], x1 = x[3 * i + 1], x2 = x[3 * i + 2];
        unsigned y0 = y[3 * i], y1 = y[3 * i + 1], y2 = y[3 * i + 2];
        unsigned s0, s1, s2, d0, d1, d2;
        asm("add.cc.u32 %0, %3, %6;\n\t"
            "addc.cc.u32 %1, %4, %7;\n\t"
            "addc.u32 %2, %5, %8;"
            : "=r"(s0), "=r"(s1), "=r"(s2)
            : "r"(x0), "r"(x1), "r"(x2), "r"(y0), "r"(y1), "r"(y2));
        asm("sub.cc.u32 %0, %3, %6;\n\t"
            "subc.cc.u32 %1, %4, %7;\n\t"
            "subc.u32 %2, %5, %8;"
            : "=r"(d0), "=r"(d1), "=r"(d2)
            : "r"(x0), "r"(x1), "r"(x2), "r"(y0), "r"(y1), "r"(y2));
        out[6 * i + 0] = s0;
        out[6 * i + 1] = s1;
        out[6 * i + 2] = s2;
        out[6 * i + 3] = d0;
        out[6 * i + 4] = d1;
        out[6 * i + 5] = d2;
    }
}

// 64x64->128 multiply from 32-bit limbs with mad.lo.cc / madc.hi.cc / madc.lo.cc / madc.hi, the
// schoolbook pattern of big-number libraries: out[4*i+0..3] = 32-bit limbs of a[i]*b[i].
extern "C" __global__ void mul64_limbs(const unsigned long long* a, const unsigned long long* b, unsigned* out,
                                       int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        unsigned a0 = (unsigned)a[i], a1 = (unsigned)(a[i] >> 32);
        unsigned b0 = (unsigned)b[i], b1 = (unsigned)(b[i] >> 32);
        unsigned r0, r1, r2, r3;
        // Row 0: a0*b0 (lo, hi) and a1*b0 (lo, hi).
        asm("{\n\t"
            ".reg .u32 t1, t2;\n\t"
            "mul.lo.u32 %0, %4, %6;\n\t"
            "mul.hi.u32 %1, %4, %6;\n\t"
            "mad.lo.cc.u32 %1, %5, %6, %1;\n\t"
            "madc.hi.u32 %2, %5, %6, 0;\n\t"
            // Row 1: add a0*b1 and a1*b1, shifted by one limb.
            "mad.lo.cc.u32 %1, %4, %7, %1;\n\t"
            "madc.hi.cc.u32 %2, %4, %7, %2;\n\t"
            "madc.hi.u32 %3, %5, %7, 0;\n\t"
            "mad.lo.cc.u32 %2, %5, %7, %2;\n\t"
            "addc.u32 %3, %3, 0;\n\t"
            "}"
            : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
            : "r"(a0), "r"(a1), "r"(b0), "r"(b1));
        out[4 * i + 0] = r0;
        out[4 * i + 1] = r1;
        out[4 * i + 2] = r2;
        out[4 * i + 3] = r3;
    }
}

// Multiply-accumulate of a 96-bit number (3 limbs) by a 32-bit limb plus a 96-bit addend, the inner step
// of big-number multiplication, written with the madc.lo / madc.hi carry chain:
// out[6*i+0..3] = limbs of x * y + c (128 bits), out[6*i+4..5] = limbs of (x1:x0 * y + c1:c0) mod 2^64,
// the high limb computed with madc.lo.u32 (no carry out).
extern "C" __global__ void mad96x32(const unsigned* x, const unsigned* y, const unsigned* c, unsigned* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        unsigned x0 = x[3 * i], x1 = x[3 * i + 1], x2 = x[3 * i + 2], yy = y[i];
        unsigned c0 = c[3 * i], c1 = c[3 * i + 1], c2 = c[3 * i + 2];
        unsigned r0, r1, r2, r3, s0, s1;
        asm("mad.lo.cc.u32 %0, %4, %7, %8;\n\t"
            "madc.lo.cc.u32 %1, %5, %7, %9;\n\t"
            "madc.lo.cc.u32 %2, %6, %7, %10;\n\t"
            "addc.u32 %3, 0, 0;\n\t"
            "mad.hi.cc.u32 %1, %4, %7, %1;\n\t"
            "madc.hi.cc.u32 %2, %5, %7, %2;\n\t"
            "madc.hi.u32 %3, %6, %7, %3;"
            : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
            : "r"(x0), "r"(x1), "r"(x2), "r"(yy), "r"(c0), "r"(c1), "r"(c2));
        asm("mad.lo.cc.u32 %0, %2, %4, %5;\n\t"
            "madc.lo.u32 %1, %3, %4, %6;\n\t"
            "mad.hi.u32 %1, %2, %4, %1;"
            : "=r"(s0), "=r"(s1)
            : "r"(x0), "r"(x1), "r"(yy), "r"(c0), "r"(c1));
        out[6 * i + 0] = r0;
        out[6 * i + 1] = r1;
        out[6 * i + 2] = r2;
        out[6 * i + 3] = r3;
        out[6 * i + 4] = s0;
        out[6 * i + 5] = s1;
    }
}

// Modular multiplication and exponentiation modulo a 64-bit modulus m (< 2^63) via 128-bit products:
// out[2*i] = a*b mod m, out[2*i+1] = a^e mod m.
__device__ __forceinline__ unsigned long long mulmod(unsigned long long a, unsigned long long b,
                                                     unsigned long long m) {
    return (unsigned long long)(((unsigned __int128)a * b) % m);
}

extern "C" __global__ void modpow64(const unsigned long long* a, const unsigned long long* b,
                                    const unsigned long long* e, unsigned long long m,
                                    unsigned long long* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[2 * i] = mulmod(a[i] % m, b[i] % m, m);
        unsigned long long base = a[i] % m;
        unsigned long long exp = e[i];
        unsigned long long r = 1 % m;
        while (exp != 0) {
            if (exp & 1) {
                r = mulmod(r, base, m);
            }
            base = mulmod(base, base, m);
            exp >>= 1;
        }
        out[2 * i + 1] = r;
    }
}
