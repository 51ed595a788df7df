// Kernels for GPU-LocalTM's engine tests (dev.gmac.gpu.tm.local): transactions on shared memory under
// --tm localtm-dcd / localtm-smdcd (Villegas et al., "GPU-LocalTM", Euro-Par 2016 Workshops).
#include "../../main/cuda/gmac_tm.cuh"

// The paper's Fig 3: four work-items of one wavefront run a transaction; work-item 1 touches the word work-item 0
// owns, so it conflicts, is disabled, and retries alone after the others commit. cell[i] ends as the sum of
// 1 + t over the work-items that added to it; out[t] is what work-item t read.
extern "C" __global__ void fig3(int* cells, int* seen) {
    __shared__ int cell[4];
    int t = threadIdx.x;
    if (t < 4) {
        cell[t] = 10 * t;
    }
    __syncthreads();
    int target = t == 1 ? 0 : t;
    TX_BEGIN();
    volatile int* c = cell;
    int v = c[target];
    c[target] = v + 1 + t;
    TX_COMMIT();
    seen[t] = v;
    __syncthreads();
    if (t < 4) {
        cells[t] = cell[t];
    }
}

// Every work-item adds its (id + 1) to counter[id % counters] `rounds` times, one transaction each: with few
// counters almost every transaction conflicts (inside and across wavefronts), which drives the serialisation modes.
extern "C" __global__ void contended_add(int* out, int counters, int rounds) {
    __shared__ int counter[64];
    int t = threadIdx.x;
    for (int i = t; i < 64; i += blockDim.x) {
        counter[i] = 0;
    }
    __syncthreads();
    volatile int* c = counter;
    for (int r = 0; r < rounds; r++) {
        int k = (t + r) % counters;
        TX_BEGIN();
        c[k] = c[k] + t + 1;
        TX_COMMIT();
    }
    __syncthreads();
    for (int i = t; i < 64; i += blockDim.x) {
        out[blockIdx.x * 64 + i] = counter[i];
    }
}

// Wavefront 0 reads a word and then computes for a long time inside its transaction before writing it; every
// work-item of the other wavefronts increments that word in short transactions. Their attempts keep meeting
// wavefront 0's ownership with the same TCM: a livelock that wavefront serialisation (WfS) cannot break, so
// work-group serialisation (WgS) rolls wavefront 0 back and lets one work-item through at a time.
extern "C" __global__ void livelock(int* out, int spin) {
    __shared__ int word[2];
    int t = threadIdx.x;
    if (t < 2) {
        word[t] = 0;
    }
    __syncthreads();
    volatile int* w = word;
    if (t < 64) {
        if (t == 0) {
            TX_BEGIN();
            int v = w[0];
            int x = v;
            for (int i = 0; i < spin; i++) {
                x = x * 1103515245 + 12345;
            }
            w[0] = v + 1000;
            w[1] = x;
            TX_COMMIT();
        }
    } else {
        TX_BEGIN();
        w[0] = w[0] + 1;
        TX_COMMIT();
    }
    __syncthreads();
    if (t == 0) {
        out[0] = word[0];
    }
}

// One work-item in each of two wavefronts (work-items 0 and 64) runs a transaction on the same word: the first to
// read it owns it (DCD), the other conflicts and its wavefront is left with no work-item enabled. Both then compute
// for `spin` steps. The paper's hardware retries only at TX_Commit, so the loser walks to TX_Commit with nothing
// enabled and retries there, after the winner has committed: one conflict, no livelock. A wavefront that restarted
// at once would meet the winner's ownership again and again and go through WfS and WgS.
extern "C" __global__ void disabled_wavefront(int* out, int spin) {
    __shared__ int word[2];
    int t = threadIdx.x;
    if (t < 2) {
        word[t] = 0;
    }
    __syncthreads();
    volatile int* w = word;
    if (t == 0 || t == 64) {
        TX_BEGIN();
        int v = w[0];
        int x = v;
        for (int i = 0; i < spin; i++) {
            x = x * 1103515245 + 12345;
        }
        w[0] = v + 1;
        w[1] = x;
        TX_COMMIT();
    }
    __syncthreads();
    if (t == 0) {
        out[0] = word[0];
    }
}
