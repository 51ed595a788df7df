// Bit operations. For a = xs[i], b = ys[i] (32-bit) and la = xl[i], lb = yl[i] (64-bit), out32[16*i + k]:
//  k=0 __clz(a)  1 __clzll(la)  2 __popc(a)  3 __popcll(la)  4 __brev(a)  5 __ffs(a)  6 __ffsll(la)
//  k=7 __mulhi(a, b)  8 __umulhi(a, b)  9 __mul24(a, b)  10 __umul24(a, b)  11 __byte_perm(a, b, sel)
//  k=12 __funnelshift_l(a, b, s)  13 __funnelshift_r(a, b, s)  14 bitfield extract (a >> (s&15)) & 0x3ff
//  k=15 bitfield insert: (a & ~(0xff << 8)) | ((b & 0xff) << 8)
// and out64[5*i + k]: 0 __brevll(la)  1 __mul64hi(la, lb)  2 __umul64hi(la, lb)
//  3 index of the highest set bit of la (bfind.u64 via 63 - __clzll, -1 for 0)
//  4 __funnelshift_lc(a, b, s) | __funnelshift_rc(a, b, s) << 32
// s = ss[i] (any value: funnel shifts use it mod 32 or clamp), sel = sels[i].
extern "C" __global__ void bits32(const int* xs, const int* ys, const long long* xl, const long long* yl,
                                  const unsigned* ss, const unsigned* sels, int* out32, long long* out64, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int a = xs[i], b = ys[i];
        long long la = xl[i], lb = yl[i];
        unsigned s = ss[i];
        unsigned sel = sels[i];
        int* o = out32 + 16 * i;
        o[0] = __clz(a);
        o[1] = __clzll(la);
        o[2] = __popc((unsigned)a);
        o[3] = __popcll((unsigned long long)la);
        o[4] = (int)__brev((unsigned)a);
        o[5] = __ffs(a);
        o[6] = __ffsll(la);
        o[7] = __mulhi(a, b);
        o[8] = (int)__umulhi((unsigned)a, (unsigned)b);
        o[9] = __mul24(a, b);
        o[10] = (int)__umul24((unsigned)a, (unsigned)b);
        o[11] = (int)__byte_perm((unsigned)a, (unsigned)b, sel);
        o[12] = (int)__funnelshift_l((unsigned)a, (unsigned)b, s);
        o[13] = (int)__funnelshift_r((unsigned)a, (unsigned)b, s);
        o[14] = (int)(((unsigned)a >> (s & 15u)) & 0x3ffu);
        o[15] = (int)(((unsigned)a & ~(0xffu << 8)) | (((unsigned)b & 0xffu) << 8));
        long long* p = out64 + 5 * i;
        p[0] = (long long)__brevll((unsigned long long)la);
        p[1] = __mul64hi(la, lb);
        p[2] = (long long)__umul64hi((unsigned long long)la, (unsigned long long)lb);
        p[3] = la == 0 ? -1 : 63 - __clzll(la);
        p[4] = (long long)__funnelshift_lc((unsigned)a, (unsigned)b, s)
               | ((long long)__funnelshift_rc((unsigned)a, (unsigned)b, s) << 32);
    }
}

// The PTX bit-field and bit-find instructions in their explicit forms through inline asm (nvcc only
// emits bfe/bfi/bfind from some patterns, and never for every type): out[14*i + k] for a = xs[i], b = ys[i],
// p = ps[i] & 63, l = ls[i] & 63 (positions/lengths beyond the width are part of the semantics):
//  k=0 bfe.u32 a p l  1 bfe.s32 a p l  2 bfi.b32 b into a at p len l  3 bfind.u32 a  4 bfind.s32 a
//  k=5 bfind.shiftamt.u32 a  6 low 32 of bfe.u64 (la, p, l)  7 high 32 of bfe.s64 (la, p, l)
//  8 low 32 of bfi.b64  9 bfind.u64 la  10 bfind.s64 la  11 mad24 (mad24.lo.s32 a b a)
extern "C" __global__ void bitfield(const int* xs, const int* ys, const long long* xl, const unsigned* ps,
                                    const unsigned* ls, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int a = xs[i], b = ys[i];
        long long la = xl[i];
        unsigned p = ps[i] & 63u, l = ls[i] & 63u;
        unsigned r0, r3, r5, r9, r10;
        int r1, r2, r4, r11, r12;
        unsigned r13;
        unsigned long long q6, q8;
        long long q7;
        asm("bfe.u32 %0, %1, %2, %3;" : "=r"(r0) : "r"(a), "r"(p), "r"(l));
        asm("bfe.s32 %0, %1, %2, %3;" : "=r"(r1) : "r"(a), "r"(p), "r"(l));
        asm("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(r2) : "r"(b), "r"(a), "r"(p), "r"(l));
        asm("bfind.u32 %0, %1;" : "=r"(r3) : "r"(a));
        asm("bfind.s32 %0, %1;" : "=r"(r4) : "r"(a));
        asm("bfind.shiftamt.u32 %0, %1;" : "=r"(r5) : "r"(a));
        asm("bfe.u64 %0, %1, %2, %3;" : "=l"(q6) : "l"(la), "r"(p), "r"(l));
        asm("bfe.s64 %0, %1, %2, %3;" : "=l"(q7) : "l"(la), "r"(p), "r"(l));
        asm("bfi.b64 %0, %1, %2, %3, %4;" : "=l"(q8) : "l"((long long)b), "l"(la), "r"(p), "r"(l));
        asm("bfind.u64 %0, %1;" : "=r"(r9) : "l"(la));
        asm("bfind.s64 %0, %1;" : "=r"(r10) : "l"(la));
        asm("mad24.lo.s32 %0, %1, %2, %1;" : "=r"(r11) : "r"(a), "r"(b));
        asm("mul24.hi.s32 %0, %1, %2;" : "=r"(r12) : "r"(a), "r"(b));
        asm("mul24.lo.u32 %0, %1, %2;" : "=r"(r13) : "r"(a), "r"(b));
        int* o = out + 14 * i;
        o[0] = (int)r0; o[1] = r1; o[2] = r2; o[3] = (int)r3; o[4] = r4; o[5] = (int)r5;
        o[6] = (int)q6; o[7] = (int)(q7 >> 32); o[8] = (int)q8; o[9] = (int)r9; o[10] = (int)r10; o[11] = r11;
        o[12] = r12; o[13] = (int)r13;
    }
}
