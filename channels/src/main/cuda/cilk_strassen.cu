// Strassen as a channel-flow graph (Orr et al., ISCA 2014, section 7.1): "repeatedly divide a matrix into four
// sub-matrices down to a base case (16x16 elements), multiply each pair of base-case matrices, and combine the
// results through atomic addition" (the base case is a parameter here; 16 at the paper's size). One kernel node on one channel stack: a task C[i.., j..] += A[i.., k..] *
// B[k.., j..] of size s either spawns its eight quadrant products (s / 2) one level deeper or, at the base case,
// multiplies the two 16x16 blocks and adds the product into C atomically. No continuation is needed. Like the
// paper's workload (587 wavefronts for 512x512: 1 + 8 + ... + 8^5 tasks), it does eight products per split, not
// Strassen's seven. Kernel node of dev.gmac.channels.cilk.Strassen; the host form there does the same in Java.
#include "channels.cuh"

// Largest base case the kernel supports (the paper's 16); base cases are 4 .. 16 wide.
#define STRASSEN_MAX_BASE 16

typedef struct {
    int i;     // row of the C and A blocks
    int k;     // column of the A block, row of the B block
    int j;     // column of the C and B blocks
    int size;  // rows and columns of the blocks
} StrassenTask;

// stack: channel id of level 0 of the task stack; a, b, c: n x n int matrices, row-major.
// base: rows and columns of a base-case block, 4 to 16 (the paper's 16).
extern "C" __global__ void StrassenKernel(int stack, const int* a, const int* b, int* c, int n, int base) {
    int srcID, srcOff;
    if (!gmac_work_item(&srcID, &srcOff)) {
        return;
    }
    StrassenTask t = *(const StrassenTask*) deq(srcID, srcOff);
    // Every task of a level has the same size, so this branch is uniform over the wavefront.
    if (t.size <= base) {
        // One row of the C block at a time, in registers: each A element times a row of the B block, read four
        // ints at a time (a B row of a block is contiguous and 16-byte aligned when the block is 4 or more wide).
        for (int r = 0; r < t.size; r++) {
            int acc[STRASSEN_MAX_BASE];
#pragma unroll
            for (int col = 0; col < STRASSEN_MAX_BASE; col++) {
                acc[col] = 0;
            }
            const int* arow = a + (long long) (t.i + r) * n + t.k;
            for (int x = 0; x < t.size; x++) {
                int av = arow[x];
                const int4* brow = (const int4*) (b + (long long) (t.k + x) * n + t.j);
#pragma unroll
                for (int q = 0; q < STRASSEN_MAX_BASE / 4; q++) {
                    if (4 * q < t.size) {
                        int4 bv = brow[q];
                        acc[4 * q] += av * bv.x;
                        acc[4 * q + 1] += av * bv.y;
                        acc[4 * q + 2] += av * bv.z;
                        acc[4 * q + 3] += av * bv.w;
                    }
                }
            }
            int* crow = c + (long long) (t.i + r) * n + t.j;
#pragma unroll
            for (int col = 0; col < STRASSEN_MAX_BASE; col++) {
                if (col < t.size) {
                    atomicAdd(&crow[col], acc[col]);
                }
            }
        }
        tfree(srcID, srcOff);
        return;
    }
    int dest = srcID + 1;
    long long first = talloc_yield(dest, 8);
    int h = t.size / 2;
    for (int q = 0; q < 8; q++) {
        StrassenTask* s = (StrassenTask*) gmac_ce(dest, first + q);
        s->i = t.i + ((q >> 2) & 1) * h;
        s->k = t.k + ((q >> 1) & 1) * h;
        s->j = t.j + (q & 1) * h;
        s->size = h;
    }
    enq(dest, first, 8);
    tfree(srcID, srcOff);
}
