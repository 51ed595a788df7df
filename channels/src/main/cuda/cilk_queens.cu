// Queens as a channel-flow graph (Orr et al., ISCA 2014, section 7.1): count the solutions of the n-queens puzzle.
// A task is a board with its first `row` rows placed (bit masks of the attacked columns and diagonals). A task with
// more than `base` rows left spawns one child per free column into the next level of a channel stack (section 5.2:
// a task at depth d produces into level d + 1); a task with `base` rows or fewer left counts its solutions
// serially and adds them to the result. No continuation is needed: counts combine by atomic addition. Kernel node
// of dev.gmac.channels.cilk.Queens; the host form there does the same in Java.
#include "channels.cuh"

typedef struct {
    int row;
    unsigned cols;
    unsigned diag1;
    unsigned diag2;
} QueensTask;

// The solutions of the rows from `row` to n-1 given the attacked masks, by iterative backtracking.
__device__ int queens_solve(int n, int row, unsigned cols, unsigned d1, unsigned d2) {
    unsigned full = (1u << n) - 1u;
    if (row == n) {
        return 1;
    }
    unsigned avail[16], c[16], x[16], y[16];
    int depth = 0;
    int count = 0;
    c[0] = cols;
    x[0] = d1;
    y[0] = d2;
    avail[0] = full & ~(cols | d1 | d2);
    while (depth >= 0) {
        unsigned a = avail[depth];
        if (a == 0u) {
            depth--;
            continue;
        }
        unsigned bit = a & (0u - a);
        avail[depth] = a ^ bit;
        unsigned nc = c[depth] | bit;
        unsigned nx = ((x[depth] | bit) << 1) & full;
        unsigned ny = (y[depth] | bit) >> 1;
        if (row + depth + 1 == n) {
            count++;
            continue;
        }
        depth++;
        c[depth] = nc;
        x[depth] = nx;
        y[depth] = ny;
        avail[depth] = full & ~(nc | nx | ny);
    }
    return count;
}

// stackID: channel id of level 0 of the task stack; the element at level d has row d.
extern "C" __global__ void QueensKernel(int stackID, int n, int base, int* result) {
    int srcID, srcOff;
    if (!gmac_work_item(&srcID, &srcOff)) {
        return;
    }
    QueensTask t = *(const QueensTask*) deq(srcID, srcOff);
    unsigned full = (1u << n) - 1u;
    unsigned avail = 0u;
    int children = 0;
    if (n - t.row <= base) {
        int s = queens_solve(n, t.row, t.cols, t.diag1, t.diag2);
        if (s > 0) {
            atomicAdd(result, s);
        }
    } else {
        avail = full & ~(t.cols | t.diag1 | t.diag2);
        children = __popc(avail);
    }
    // Every work-item of a wavefront comes from the same level, so this branch is uniform; the deepest level
    // (base cases only) has no level below it.
    if (t.row >= n - base) {
        tfree(srcID, srcOff);
        return;
    }
    int dest = srcID + 1;
    long long first = talloc_yield(dest, children);
    int i = 0;
    while (avail != 0u) {
        unsigned bit = avail & (0u - avail);
        avail ^= bit;
        QueensTask* child = (QueensTask*) gmac_ce(dest, first + i);
        child->row = t.row + 1;
        child->cols = t.cols | bit;
        child->diag1 = ((t.diag1 | bit) << 1) & full;
        child->diag2 = (t.diag2 | bit) >> 1;
        i++;
    }
    enq(dest, first, children);
    tfree(srcID, srcOff);
}
