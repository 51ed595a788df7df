// Recursive __device__ functions that nvcc must compile to real call/ret (noinline), with the
// parameters and return values passed through .param space.
//  - fib: doubly recursive Fibonacci.
//  - ackermann: Ackermann A(m, n) for small m, n (deep recursion, data-dependent depth per thread).
//  - sum_digits: a recursive function taking a 64-bit argument and a pointer to a local accumulator.
__device__ __noinline__ int fib(int n) {
    if (n < 2) {
        return n;
    }
    return fib(n - 1) + fib(n - 2);
}

__device__ __noinline__ unsigned ackermann(unsigned m, unsigned n) {
    if (m == 0) {
        return n + 1;
    }
    if (n == 0) {
        return ackermann(m - 1, 1);
    }
    return ackermann(m - 1, ackermann(m, n - 1));
}

__device__ __noinline__ void sum_digits(unsigned long long v, unsigned* acc) {
    if (v == 0) {
        return;
    }
    *acc += (unsigned)(v % 10ull);
    sum_digits(v / 10ull, acc);
}

extern "C" __global__ void fib_kernel(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = fib(in[i]);
    }
}

extern "C" __global__ void ackermann_kernel(const unsigned* m, const unsigned* n, unsigned* out, int count) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < count) {
        out[i] = ackermann(m[i], n[i]);
    }
}

extern "C" __global__ void sum_digits_kernel(const unsigned long long* in, unsigned* out, int count) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < count) {
        unsigned acc = 0;
        sum_digits(in[i], &acc);
        out[i] = acc;
    }
}
