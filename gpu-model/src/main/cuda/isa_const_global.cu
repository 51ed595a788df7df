// Module-scope variables with initialisers: __constant__ tables (.const, ld.const) and __device__ arrays
// (.global, ld.global / st.global through their symbol address), including 8-, 16-, 32-, 64-bit and
// float element types, a struct and a pointer-free table indexed at run time.

__constant__ unsigned crc_table_small[16] = {
    0x00000000u, 0x1db71064u, 0x3b6e20c8u, 0x26d930acu, 0x76dc4190u, 0x6b6b51f4u, 0x4db26158u, 0x5005713cu,
    0xedb88320u, 0xf00f9344u, 0xd6d6a3e8u, 0xcb61b38cu, 0x9b64c2b0u, 0x86d3d2d4u, 0xa00ae278u, 0xbdbdf21cu};
__constant__ float poly_coeffs[4] = {1.0f, -0.5f, 0.25f, -0.125f};
__constant__ double dscale = 3.0;
__constant__ short short_table[5] = {-3, 7, -32768, 32767, 12};
__constant__ unsigned char byte_table[7] = {1, 2, 3, 250, 251, 252, 0};

struct Pair {
    int key;
    long long value;
};
__constant__ Pair pairs[3] = {{1, 100}, {2, -200}, {3, 3000000000000ll}};

__device__ int device_counts[8] = {10, 20, 30, 40, 50, 60, 70, 80};
__device__ unsigned long long device_big[2] = {0xfedcba9876543210ull, 42ull};
__device__ float device_floats[3] = {0.5f, 1.5f, -2.25f};
__device__ int device_uninit[4];

// Nibble-wise CRC-32 (reflected polynomial 0xEDB88320) of each 32-bit word: crc[i] = crc32(words[i]).
extern "C" __global__ void crc32_words(const unsigned* words, unsigned* crc, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        unsigned c = 0xffffffffu;
        unsigned w = words[i];
        for (int b = 0; b < 4; ++b) {
            c ^= (w >> (8 * b)) & 0xffu;
            c = (c >> 4) ^ crc_table_small[c & 15u];
            c = (c >> 4) ^ crc_table_small[c & 15u];
        }
        crc[i] = ~c;
    }
}

// out[8*i + k] (float) for x = xs[i] and j = i:
//  0 poly(x) = c0 + c1 x + c2 x^2 + c3 x^3 (Horner with fmaf)  1 (float)(x * dscale)
//  2 short_table[j % 5]  3 byte_table[j % 7]  4 pairs[j % 3].key  5 (float)pairs[j % 3].value
//  6 device_floats[j % 3] * x   7 device_counts[j % 8]
extern "C" __global__ void const_tables(const float* xs, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float x = xs[i];
        float p = poly_coeffs[3];
        p = fmaf(p, x, poly_coeffs[2]);
        p = fmaf(p, x, poly_coeffs[1]);
        p = fmaf(p, x, poly_coeffs[0]);
        float* o = out + 8 * i;
        o[0] = p;
        o[1] = (float)(x * dscale);
        o[2] = (float)short_table[i % 5];
        o[3] = (float)byte_table[i % 7];
        o[4] = (float)pairs[i % 3].key;
        o[5] = (float)pairs[i % 3].value;
        o[6] = device_floats[i % 3] * x;
        o[7] = (float)device_counts[i % 8];
    }
}

// Read-modify-write of initialised __device__ arrays: every thread adds 1 to device_counts[i % 8]
// atomically and stores into device_uninit; then a second kernel copies them out, so the test sees the
// initial values plus the updates. device_big[0] is xor-ed with each thread's index.
extern "C" __global__ void device_globals_update(int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        atomicAdd(&device_counts[i % 8], 1);
        atomicXor(&device_big[0], (unsigned long long)i);
        if (i < 4) {
            device_uninit[i] = i * 11;
        }
    }
}

// counts[0..7] = device_counts, big[0..1] = device_big, uninit[0..3] = device_uninit.
extern "C" __global__ void device_globals_read(int* counts, unsigned long long* big, int* uninit) {
    int t = threadIdx.x;
    if (t < 8) {
        counts[t] = device_counts[t];
    }
    if (t < 2) {
        big[t] = device_big[t];
    }
    if (t < 4) {
        uninit[t] = device_uninit[t];
    }
}
