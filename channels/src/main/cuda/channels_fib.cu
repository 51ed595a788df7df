// The naive Fibonacci channel-flow graph of Orr et al., ISCA 2014, Figures 6 and 7, as a kernel node for the
// software GPU (dev.gmac.channels.gpu): one channel of FibObj, one kernel that consumes it and produces into it.
#include "channels.cuh"

typedef struct {
    int val;
} FibObj;

// Figure 6, lines 7-19. destID and result are the kernel node's constant arguments 2 and 3.
extern "C" __global__ void FibKernel(int destID, int* result) {
    int srcID, srcOff;
    if (!gmac_work_item(&srcID, &srcOff)) {
        return;
    }
    FibObj* src = (FibObj*) deq(srcID, srcOff);
    int val = src->val;
    if (val <= 2) {
        atomicAdd(result, 1);
    } else {
        long long ob = talloc_yield(destID, 2);
        ((FibObj*) gmac_ce(destID, ob))->val = val - 1;
        ((FibObj*) gmac_ce(destID, ob + 1))->val = val - 2;
        enq(destID, ob, 2);
    }
    tfree(srcID, srcOff);
}
