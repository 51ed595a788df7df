// One kernel with GPU-LocalTM for shared data and Kilo TM for global data in the same transactions (issue 19,
// decision 0351; run with --tm localtm-dcd+kilotm or localtm-smdcd+kilotm): every work-item moves `amount` units,
// per step, from its work-group's shared bin (per-work-group data: GPU-LocalTM) to a global account shared by every
// work-group (Kilo TM), in one transaction, so a transaction that commits one part and not the other breaks the
// totals. The bins and accounts it picks make both parts conflict: few bins, few accounts.
//
// bins: `nbins` shared words, starting at 1000 each; accounts: `naccounts` global words (the host zeroes them).
// Afterwards out[g * nbins + b] is work-group g's bin b. Bins and accounts commute: the host knows the result.
#include "gmac_tm.cuh"

extern "C" __global__ void hybrid_transfer(int per_item, int nbins, int naccounts, int* accounts, int* out) {
    extern __shared__ int bins[];
    for (int b = threadIdx.x; b < nbins; b += blockDim.x) {
        bins[b] = 1000;
    }
    __syncthreads();
    volatile int* vb = bins;
    volatile int* va = accounts;
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    for (int i = 0; i < per_item; i++) {
        int b = (threadIdx.x * 7 + i) % nbins;
        int a = (t * 13 + i * 5) % naccounts;
        int amount = (t + i) % 5 + 1;
        TX_BEGIN();
        vb[b] = vb[b] - amount;
        va[a] = va[a] + amount;
        TX_COMMIT();
    }
    __syncthreads();
    for (int b = threadIdx.x; b < nbins; b += blockDim.x) {
        out[blockIdx.x * nbins + b] = bins[b];
    }
}
