// Three-input boolean functions of unsigned ints, which nvcc folds into lop3.b32 for sm_50 and later
// (one instruction with an 8-bit truth table). For a = xs[i], b = ys[i], c = zs[i], out[8*i + k]:
//  k=0 (a & b) | (~a & c) (select / "ch" of SHA-2)  1 (a & b) ^ (a & c) ^ (b & c) (majority)
//  k=2 a ^ b ^ c  3 ~(a | b) & c  4 (a | ~b) ^ c  5 a & ~(b ^ c)  6 explicit lop3.b32 with table tt[i] & 0xff
//  k=7 rotate-xor mix (a rotr 7) ^ (a rotr 18) ^ (a >> 3) (SHA-256 sigma0: shf + lop3)
template <int TT>
__device__ __forceinline__ unsigned lop3_fixed(unsigned a, unsigned b, unsigned c) {
    unsigned r;
    asm("lop3.b32 %0, %1, %2, %3, %4;" : "=r"(r) : "r"(a), "r"(b), "r"(c), "n"(TT));
    return r;
}

__device__ __forceinline__ unsigned lop3_dynamic(unsigned a, unsigned b, unsigned c, unsigned tt) {
    // The truth table of lop3 is an immediate, so a run-time table is evaluated with a switch over all 256
    // tables built from the 8 minterms instead: each set bit t of tt adds the minterm of (a, b, c) == t.
    unsigned r = 0;
    if (tt & 0x01) r |= ~a & ~b & ~c;
    if (tt & 0x02) r |= ~a & ~b & c;
    if (tt & 0x04) r |= ~a & b & ~c;
    if (tt & 0x08) r |= ~a & b & c;
    if (tt & 0x10) r |= a & ~b & ~c;
    if (tt & 0x20) r |= a & ~b & c;
    if (tt & 0x40) r |= a & b & ~c;
    if (tt & 0x80) r |= a & b & c;
    return r;
}

extern "C" __global__ void lop3_mix(const unsigned* xs, const unsigned* ys, const unsigned* zs, const unsigned* tts,
                                    unsigned* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        unsigned a = xs[i], b = ys[i], c = zs[i];
        unsigned* o = out + 8 * i;
        o[0] = (a & b) | (~a & c);
        o[1] = (a & b) ^ (a & c) ^ (b & c);
        o[2] = a ^ b ^ c;
        o[3] = ~(a | b) & c;
        o[4] = (a | ~b) ^ c;
        o[5] = a & ~(b ^ c);
        o[6] = lop3_dynamic(a, b, c, tts[i]) ^ lop3_fixed<0x96>(a, b, c) ^ lop3_fixed<0xe8>(a, b, c);
        o[7] = ((a >> 7) | (a << 25)) ^ ((a >> 18) | (a << 14)) ^ (a >> 3);
    }
}
