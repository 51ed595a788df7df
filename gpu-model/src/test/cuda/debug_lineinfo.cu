// regen-ptx: -lineinfo
// A kernel built with nvcc -lineinfo (issue 15; dev.gmac.gpu.exec.SourceLineKernelTest): the PTX carries .loc and
// .file directives, so faults and errors name the .cu file and line. scripts/regen-ptx reads the flags on the first
// line of this file.
#include <cstdio>

__device__ __forceinline__ float element_before(const float* a, int i, int back) {
    return a[i - back];
}

// out[i] = a[i - back]: threads with i < back read before the start of a.
extern "C" __global__ void read_before(const float* a, float* out, int back) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = element_before(a, i, back);
}

// Each thread mallocs a list of n ints, fills it, sums it and frees it; a thread whose malloc returns NULL writes -1.
extern "C" __global__ void heap_sum(int* out, int n) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int* list = (int*)malloc(n * sizeof(int));
    if (list == NULL) {
        out[t] = -1;
        return;
    }
    for (int k = 0; k < n; k++) {
        list[k] = t + k;
    }
    int sum = 0;
    for (int k = 0; k < n; k++) {
        sum += list[k];
    }
    free(list);
    out[t] = sum;
}

// Each thread mallocs `bytes` and writes through the pointer without checking it.
extern "C" __global__ void heap_unchecked(size_t bytes) {
    int* p = (int*)malloc(bytes);
    p[0] = threadIdx.x;
}

// Thread 0 frees its block twice.
extern "C" __global__ void heap_double_free() {
    void* p = malloc(16);
    free(p);
    if (threadIdx.x == 0) {
        free(p);
    }
}
