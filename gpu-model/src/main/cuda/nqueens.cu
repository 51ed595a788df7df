// N-queens: counts the solutions for an n x n board (n <= 12). Thread i fixes the queens of the first
// two rows to columns (i / n, i % n) (invalid placements count 0) and counts the completions with an
// explicit depth-first search whose stack is a per-thread array indexed by a run-time depth, so nvcc
// keeps it in .local memory.
#define MAXN 12

extern "C" __global__ void nqueens_count(int n, unsigned* counts) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n * n) {
        return;
    }
    int c0 = i / n;
    int c1 = i % n;
    unsigned all = (1u << n) - 1u;
    unsigned count = 0;
    if (c1 != c0 && c1 != c0 + 1 && c1 != c0 - 1) {
        // State after two rows: occupied columns, left diagonals, right diagonals.
        unsigned cols = (1u << c0) | (1u << c1);
        unsigned ld = (((1u << c0) << 1) | (1u << c1)) << 1;
        unsigned rd = (((1u << c0) >> 1) | (1u << c1)) >> 1;
        unsigned stack_free[MAXN];
        unsigned stack_cols[MAXN];
        unsigned stack_ld[MAXN];
        unsigned stack_rd[MAXN];
        int depth = 0;
        stack_cols[0] = cols;
        stack_ld[0] = ld & all;
        stack_rd[0] = rd;
        stack_free[0] = all & ~(cols | ld | rd);
        int rows_left = n - 2;
        if (rows_left == 0) {
            count = 1;
        } else {
            while (depth >= 0) {
                unsigned free = stack_free[depth];
                if (free == 0) {
                    --depth;
                    continue;
                }
                unsigned bit = free & (0u - free);
                stack_free[depth] = free & ~bit;
                if (depth + 1 == rows_left) {
                    ++count;
                    continue;
                }
                unsigned nc = stack_cols[depth] | bit;
                unsigned nl = ((stack_ld[depth] | bit) << 1) & all;
                unsigned nr = (stack_rd[depth] | bit) >> 1;
                ++depth;
                stack_cols[depth] = nc;
                stack_ld[depth] = nl;
                stack_rd[depth] = nr;
                stack_free[depth] = all & ~(nc | nl | nr);
            }
        }
    }
    counts[i] = count;
}
