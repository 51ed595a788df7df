// Kernels for the gmac-api tests (ADSM runtime over the software GPU). Our own code.
//
// mix_bytes: the kernel of the model-based test. Each thread j < out_len rewrites one byte of `out` from
// its old value and one byte of `in`; when j == fail_at the thread then stores to an address outside any
// allocation, so the launch faults after some bytes were already written.
// scale_add: y[i] = a * x[i] + y[i] for i < n (float arguments, an int count).
// scale_double: y[i] = y[i] * a + (double) offset for i < n (double and 64-bit arguments).
// small_params: stores its narrow integer arguments so the test can check their conversion.
// store_through_table: writes through a pointer it loads (below).

extern "C" __global__ void mix_bytes(unsigned char* out, unsigned int out_len, const unsigned char* in,
                                     unsigned int in_len, unsigned int fail_at) {
    unsigned int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= out_len) {
        return;
    }
    unsigned char v = (unsigned char) (out[j] * 5u + 1u);
    if (in_len > 0) {
        v = (unsigned char) (v + in[(7u * j) % in_len]);
    }
    out[j] = v;
    if (j == fail_at) {
        volatile unsigned char* nowhere = (unsigned char*) 16;
        *nowhere = v;
    }
}

extern "C" __global__ void scale_add(float* y, const float* x, float a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        y[i] = a * x[i] + y[i];
    }
}

extern "C" __global__ void scale_double(double* y, double a, long long offset, long long n) {
    long long i = (long long) blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        y[i] = y[i] * a + (double) offset;
    }
}

extern "C" __global__ void small_params(int* out, unsigned char a, short b, unsigned short c, signed char d) {
    if (threadIdx.x == 0 && blockIdx.x == 0) {
        out[0] = a;
        out[1] = b;
        out[2] = c;
        out[3] = d;
    }
}

// store_through_table: out = *table; out[i] = in[i]. It stores through a pointer loaded from memory, which the
// write-set inference cannot tie to a parameter: every buffer the call reaches may be written.
extern "C" __global__ void store_through_table(float* const* table, const float* in, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        table[0][i] = in[i];
    }
}
