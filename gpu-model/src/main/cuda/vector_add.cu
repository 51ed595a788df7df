// Vector add: c[i] = a[i] + b[i]. Exercises the simplest global load/store path and a bounds check
// that leaves the tail of the last CTA inactive.
extern "C" __global__ void vector_add(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        c[i] = a[i] + b[i];
    }
}

// Integer variant with a grid-stride loop: exercises a data-dependent loop trip count per thread.
extern "C" __global__ void vector_add_i32_stride(const int* a, const int* b, int* c, int n) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        c[i] = a[i] + b[i];
    }
}
