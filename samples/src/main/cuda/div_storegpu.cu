// Divergence study, STO (shaped like StoreGPU's hashing of data chunks; Fung thesis Table 3.1, coherent set).
// One thread per 64-byte chunk computes a 128-bit digest with 64 rounds of add-rotate-xor mixing in the style
// of MD5 (our own constants and schedule). Only integer operations, and the same ones for every thread.
__device__ __forceinline__ unsigned rotl(unsigned x, int r) {
    return (x << r) | (x >> (32 - r));
}

extern "C" __global__ void store_hash(const unsigned* __restrict__ data, int chunks, unsigned* __restrict__ digest) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= chunks) {
        return;
    }
    unsigned w[16];
    for (int i = 0; i < 16; i++) {
        w[i] = data[16 * c + i];
    }
    unsigned a = 0x67452301u, b = 0xefcdab89u, d0 = 0x98badcfeu, e = 0x10325476u;
    for (int i = 0; i < 64; i++) {
        unsigned f;
        int g;
        if (i < 16) {
            f = (b & d0) | (~b & e);
            g = i;
        } else if (i < 32) {
            f = (e & b) | (~e & d0);
            g = (5 * i + 1) & 15;
        } else if (i < 48) {
            f = b ^ d0 ^ e;
            g = (3 * i + 5) & 15;
        } else {
            f = d0 ^ (b | ~e);
            g = (7 * i) & 15;
        }
        unsigned k = 0x5a827999u * (unsigned)(i + 1);
        unsigned t = e;
        e = d0;
        d0 = b;
        b = b + rotl(a + f + k + w[g], (i & 3) * 5 + 7);
        a = t;
    }
    digest[4 * c] = a + 0x67452301u;
    digest[4 * c + 1] = b + 0xefcdab89u;
    digest[4 * c + 2] = d0 + 0x98badcfeu;
    digest[4 * c + 3] = e + 0x10325476u;
}
