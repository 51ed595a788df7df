// Kernels for ParamAccessTest: which pointer parameters a kernel only reads through. Our own code.
//
// restrict_inputs: the easy case, const __restrict__ inputs (nvcc emits ld.global.nc for them).
// plain_inputs: the same without const or __restrict__ (plain ld.global): still provably read-only.
// gather_scatter: out[idx[i]] = in[i]; the index is loaded, the pointer is still out's.
// through_table: stores through a pointer loaded from memory: may write anything.
// count_only: a 64-bit count that is never dereferenced, and an atomic on a counter.
// in_place: one buffer read and written.

extern "C" __global__ void restrict_inputs(float* __restrict__ out, const float* __restrict__ a,
                                           const float* __restrict__ b, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = a[i] * b[i];
    }
}

extern "C" __global__ void plain_inputs(float* out, float* a, float* b, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = a[i] + b[i];
    }
}

extern "C" __global__ void gather_scatter(float* out, const int* idx, const float* in, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[idx[i]] = in[i];
    }
}

extern "C" __global__ void through_table(float** table, const float* in, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        table[0][i] = in[i];
    }
}

extern "C" __global__ void count_only(unsigned int* counter, const float* in, unsigned long long n) {
    unsigned long long i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && in[i] > 0.0f) {
        atomicAdd(counter, 1u);
    }
}

extern "C" __global__ void in_place(float* data, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        data[i] = data[i] * 2.0f;
    }
}
