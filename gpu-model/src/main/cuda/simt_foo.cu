// The slides' `foo` example of SIMT divergence and reconvergence (digest section 2):
//   A: v = foo[threadIdx.x];  B: if (v < 10)  C: v = 0;  else  D: v = 10;  E: w = bar[threadIdx.x] + v;
// With foo = {4, 8, 12, 16} and a warp of 4 threads, lanes 0-1 take C and lanes 2-3 take D, and all four
// meet again at E: v = {0, 0, 10, 10}. The kernel stores v as well as w so both can be checked.
// The branch sits behind a noinline call boundary-free body; `volatile` keeps nvcc from turning the
// if/else into a select, so the PTX really has the divergent branch and its reconvergence point.
extern "C" __global__ void simt_foo(const int* foo, const int* bar, int* v_out, int* w_out) {
    int t = threadIdx.x;
    volatile int v = foo[t];   // A
    if (v < 10) {              // B
        v = 0;                 // C
    } else {
        v = 10;                // D
    }
    v_out[t] = v;              // E
    w_out[t] = bar[t] + v;
}
