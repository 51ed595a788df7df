// Device printf and assert (issue 15, "debugging like CUDA"; dev.gmac.gpu.exec.DeviceRuntimeKernelTest). Built
// without -lineinfo: a failed assert still names its .cu file and line, which nvcc passes to __assertfail.
#include <cassert>
#include <cstdio>

// Every thread prints its value; then the threads whose value reaches the limit fail the assertion.
extern "C" __global__ void print_then_assert(const int* values, int limit) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    printf("block %d thread %d: value %d of %d\n", blockIdx.x, threadIdx.x, values[i], limit);
    assert(values[i] < limit);
}

// One thread prints every conversion CUDA's printf supports, with flags, widths, precisions and length modifiers,
// for a comparison with the C library's printf of the same arguments.
extern "C" __global__ void print_formats(const double* d, const char* s, long long big) {
    if (threadIdx.x != 0) {
        return;
    }
    int n = printf("[%d|%i|%5d|%-5d|%05d|%+d|% d|%.3d|%.0d]\n", -42, 7, 42, 42, -42, 42, 42, 7, 0);
    printf("[%u|%x|%X|%#x|%o|%#o|%08.3x|%hhd|%hd|%ld|%lld|%llu|%lx]\n", 3000000000u, 255, 255, 255, 8, 8, 255,
           300, 70000, big, big, (unsigned long long)big, big);
    printf("[%c|%5c|%-3c|%s|%8s|%-8s|%.2s|%s]\n", 'A', 'B', 'C', s, s, s, s, (const char*)0);
    printf("[%f|%.2f|%.2f|%10.3f|%-10.1f|%+.1f|%.0f|%#.0f|%F]\n", d[0], d[1], d[2], d[0], d[0], d[0], d[3], d[3], d[0]);
    printf("[%e|%.2e|%E|%.0e|%e]\n", d[0], d[4], d[5], d[0], 0.0);
    printf("[%g|%g|%g|%g|%.3g|%#g|%G|%g]\n", d[0], d[4], d[5], d[6], d[0], d[3], d[5], 100000.0);
    printf("[%a|%A|%.2a|%a]\n", d[7], d[7], d[0], d[8]);
    printf("[%f|%f|%f|%e|%5.1f|%-6f]\n", d[9], -d[9], d[10], d[9], d[10], d[9]);
    printf("[%*d|%-*d|%.*f|%%|%p|%p]\n", 6, 42, 4, 7, 3, d[0], (void*)0, (void*)0x1000);
    printf("printf returned %d\n", n);
}
