// Read-only data path (ld.global.nc) with vector widths: const __restrict__ float4 / float2 / int4 /
// double2 pointers make nvcc load through the non-coherent path with .v4 / .v2, and vector stores use
// st.global.v4 / .v2.
extern "C" __global__ void scale_float4(const float4* __restrict__ in, float4* __restrict__ out, float s, int n4) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n4) {
        float4 v = in[i];
        out[i] = make_float4(v.x * s, v.y * s, v.z * s, v.w * s);
    }
}

extern "C" __global__ void swap_float2(const float2* __restrict__ in, float2* __restrict__ out, int n2) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n2) {
        float2 v = in[i];
        out[i] = make_float2(v.y, v.x);
    }
}

// Sum of int4 lanes, plus a scalar ld.global.nc of a 64-bit value: out[i] = x+y+z+w + (int)bias[i % 4].
extern "C" __global__ void sum_int4(const int4* __restrict__ in, const long long* __restrict__ bias,
                                    int* __restrict__ out, int n4) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n4) {
        int4 v = in[i];
        out[i] = v.x + v.y + v.z + v.w + (int)bias[i & 3];
    }
}

// double2 (ld.global.nc.v2.f64): out[i] = x - y.
extern "C" __global__ void diff_double2(const double2* __restrict__ in, double* __restrict__ out, int n2) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n2) {
        double2 v = in[i];
        out[i] = v.x - v.y;
    }
}

// Read-only byte and short loads (ld.global.nc.u8 / .s16): out[i] = bytes[i] + shorts[i].
extern "C" __global__ void widen_small(const unsigned char* __restrict__ bytes, const short* __restrict__ shorts,
                                       int* __restrict__ out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = bytes[i] + shorts[i];
    }
}
