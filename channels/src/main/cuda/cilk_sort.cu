// Sort as a channel-flow graph (Orr et al., ISCA 2014, section 7.1, after the MIT Cilk runtime's cilksort): split an
// array in four down to a base case of 64 elements, sort the base cases serially, merge. Four kernel nodes, one per
// channel stack: SortTaskKernel (split or sort a base case), SortMergeKernel (a continuation: merge quarters 0+1 and
// 2+3 into the scratch array), SortMerge2Kernel (a continuation: merge the two halves back), SortChunkKernel (64
// outputs of one merge, placed by a binary search on the merge path). The continuation stacks wait for deeper
// levels (levelization, section 5.2), which is all the synchronization there is. Kernel nodes of
// dev.gmac.channels.cilk.Sort; the host forms there do the same in Java.
#include "channels.cuh"

#define SORT_BASE 64
#define SORT_CHUNK 64

typedef struct {
    int lo;
    int n;
    int pad[2];
} SortTask;

typedef struct {
    int aLo;
    int na;
    int bLo;
    int nb;
    int outLo;
    int k;
    int len;
    int toScratch;
} SortChunk;

__device__ __forceinline__ int sort_chunks_of(int outputs) { return (outputs + SORT_CHUNK - 1) / SORT_CHUNK; }

__device__ void sort_write_chunks(int dest, long long first, int aLo, int na, int bLo, int nb, int outLo,
                                  int toScratch) {
    int total = na + nb;
    int i = 0;
    for (int k = 0; k < total; k += SORT_CHUNK) {
        SortChunk* c = (SortChunk*) gmac_ce(dest, first + i);
        c->aLo = aLo;
        c->na = na;
        c->bLo = bLo;
        c->nb = nb;
        c->outLo = outLo;
        c->k = k;
        c->len = total - k < SORT_CHUNK ? total - k : SORT_CHUNK;
        c->toScratch = toScratch;
        i++;
    }
}

// Insertion sort of a[lo, lo + n) in place (the serial base case; its branches make wavefronts diverge, as the
// paper's CPU-derived base case does).
__device__ void sort_insertion(int* a, int lo, int n) {
    for (int i = 1; i < n; i++) {
        int x = a[lo + i];
        int j = i - 1;
        while (j >= 0 && a[lo + j] > x) {
            a[lo + j + 1] = a[lo + j];
            j--;
        }
        a[lo + j + 1] = x;
    }
}

// sortStack, mergeStack: channel ids of level 0 of the task stack and of the first continuation stack.
extern "C" __global__ void SortTaskKernel(int sortStack, int mergeStack, int* a) {
    int srcID, srcOff;
    if (!gmac_work_item(&srcID, &srcOff)) {
        return;
    }
    SortTask t = *(const SortTask*) deq(srcID, srcOff);
    int level = srcID - sortStack;  // the same for every work-item of the wavefront
    int split = t.n > SORT_BASE ? 1 : 0;
    if (!split) {
        sort_insertion(a, t.lo, t.n);
    }
    // Only the deepest level has no split at all; its wavefronts skip the (empty) reservations.
    if (gmac_ballot(split) == 0ULL) {
        tfree(srcID, srcOff);
        return;
    }
    int child = srcID + 1;
    int cont = mergeStack + level;
    long long k = talloc_yield(child, 4 * split);
    long long c = talloc_yield(cont, split);
    if (split) {
        int q = t.n / 4;
        for (int i = 0; i < 4; i++) {
            SortTask* s = (SortTask*) gmac_ce(child, k + i);
            s->lo = t.lo + i * q;
            s->n = i < 3 ? q : t.n - 3 * q;
        }
        SortTask* m = (SortTask*) gmac_ce(cont, c);
        m->lo = t.lo;
        m->n = t.n;
    }
    enq(child, k, 4 * split);  // children first: their continuation must not be visible before them
    enq(cont, c, split);
    tfree(srcID, srcOff);
}

// The first merge (a continuation; its four quarters are sorted): chunks of quarters 0+1 and 2+3 of a into the
// halves of the scratch array, one level deeper, and the second merge at this level.
extern "C" __global__ void SortMergeKernel(int mergeStack, int merge2Stack, int chunkStack) {
    int srcID, srcOff;
    if (!gmac_work_item(&srcID, &srcOff)) {
        return;
    }
    SortTask t = *(const SortTask*) deq(srcID, srcOff);
    int level = srcID - mergeStack;
    int q = t.n / 4;
    int first = sort_chunks_of(2 * q);
    int count = first + sort_chunks_of(t.n - 2 * q);
    int dest = chunkStack + level + 1;
    int cont = merge2Stack + level;
    long long k = talloc_yield(dest, count);
    sort_write_chunks(dest, k, t.lo, q, t.lo + q, q, t.lo, 1);
    sort_write_chunks(dest, k + first, t.lo + 2 * q, q, t.lo + 3 * q, t.n - 3 * q, t.lo + 2 * q, 1);
    long long c = talloc_yield(cont, 1);
    SortTask* m = (SortTask*) gmac_ce(cont, c);
    m->lo = t.lo;
    m->n = t.n;
    enq(dest, k, count);
    enq(cont, c, 1);
    tfree(srcID, srcOff);
}

// The second merge (a continuation; both halves in the scratch array are sorted): chunks of the halves into a.
extern "C" __global__ void SortMerge2Kernel(int merge2Stack, int chunkStack) {
    int srcID, srcOff;
    if (!gmac_work_item(&srcID, &srcOff)) {
        return;
    }
    SortTask t = *(const SortTask*) deq(srcID, srcOff);
    int level = srcID - merge2Stack;
    int h = 2 * (t.n / 4);
    int count = sort_chunks_of(t.n);
    int dest = chunkStack + level + 1;
    long long k = talloc_yield(dest, count);
    sort_write_chunks(dest, k, t.lo, h, t.lo + h, t.n - h, t.lo, 0);
    enq(dest, k, count);
    tfree(srcID, srcOff);
}

// One merge chunk: outputs k .. k + len - 1 of merging runs from[aLo, aLo + na) and from[bLo, bLo + nb) into
// to[outLo + k, ...). A binary search on the merge path finds how many of the first k outputs come from the first
// run (ties go to the first run, so the merge is stable and chunks agree on their borders).
extern "C" __global__ void SortChunkKernel(int* a, int* t) {
    int srcID, srcOff;
    if (!gmac_work_item(&srcID, &srcOff)) {
        return;
    }
    SortChunk c = *(const SortChunk*) deq(srcID, srcOff);
    const int* from = c.toScratch ? a : t;
    int* to = c.toScratch ? t : a;
    int lo = c.k - c.nb > 0 ? c.k - c.nb : 0;
    int hi = c.k < c.na ? c.k : c.na;
    while (lo < hi) {
        int mid = (lo + hi) >> 1;
        if (from[c.aLo + mid] <= from[c.bLo + c.k - mid - 1]) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    int i = lo;
    int j = c.k - lo;
    for (int o = 0; o < c.len; o++) {
        int v;
        if (j >= c.nb || (i < c.na && from[c.aLo + i] <= from[c.bLo + j])) {
            v = from[c.aLo + i];
            i++;
        } else {
            v = from[c.bLo + j];
            j++;
        }
        to[c.outLo + c.k + o] = v;
    }
    tfree(srcID, srcOff);
}
