// Cilk Fibonacci as a channel-flow graph (Orr et al., ISCA 2014, sections 5.1-5.2 and 7.1): "partial results are
// stored in continuation channels and merged by a continuation kernel". Two channel stacks of the same depth: tasks
// (spawn stack) and continuations (a stack the aggregator dispatches only after every deeper level is drained,
// levelization). A task fib(n) with n > 2 allocates a continuation at its own level and two child tasks one level
// deeper whose results go to the continuation's x and y; a leaf writes 1. A continuation writes x + y where its own
// task's result goes. Kernel nodes of dev.gmac.channels.cilk.CilkFibonacci (same logic in Java there).
#include "channels.cuh"

typedef struct {
    int n;
    int pad;
    unsigned long long dest;  // where the task's result goes (an int)
} FibTask;

typedef struct {
    int x;  // fib(n - 1), written by the first child
    int y;  // fib(n - 2), written by the second child
    unsigned long long dest;
} FibCont;

// taskStack, contStack: channel ids of level 0 of the two stacks.
extern "C" __global__ void FibTaskKernel(int taskStack, int contStack) {
    int srcID, srcOff;
    if (!gmac_work_item(&srcID, &srcOff)) {
        return;
    }
    FibTask t = *(const FibTask*) deq(srcID, srcOff);
    int level = srcID - taskStack;  // the same for every work-item of the wavefront
    int spawn = t.n > 2 ? 1 : 0;
    if (!spawn) {
        *(int*) t.dest = 1;
    }
    int child = srcID + 1;
    int cont = contStack + level;
    long long k = talloc_yield(child, 2 * spawn);
    long long c = talloc_yield(cont, spawn);
    if (spawn) {
        FibCont* fc = (FibCont*) gmac_ce(cont, c);
        fc->x = 0;
        fc->y = 0;
        fc->dest = t.dest;
        FibTask* a = (FibTask*) gmac_ce(child, k);
        a->n = t.n - 1;
        a->dest = (unsigned long long) &fc->x;
        FibTask* b = (FibTask*) gmac_ce(child, k + 1);
        b->n = t.n - 2;
        b->dest = (unsigned long long) &fc->y;
    }
    enq(child, k, 2 * spawn);  // children first: their continuation must not be visible before them
    enq(cont, c, spawn);
    tfree(srcID, srcOff);
}

// The continuation kernel: merges the two partial results.
extern "C" __global__ void FibContKernel() {
    int srcID, srcOff;
    if (!gmac_work_item(&srcID, &srcOff)) {
        return;
    }
    const FibCont* fc = (const FibCont*) deq(srcID, srcOff);
    *(int*) fc->dest = fc->x + fc->y;
    tfree(srcID, srcOff);
}
