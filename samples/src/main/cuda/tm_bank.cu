// TM study, ATM (Fung thesis §4.3, Table 4.2): transfers among bank accounts kept as an array of structs
// {balance, overdraft limit, lock, pad}. Transfer t moves amount[t] from account from[t] to account to[t] unless
// that would take the source below minus its limit, and records whether it moved the money. The transactional
// version reads three words and writes two; the fine-grained-lock version locks the two accounts in index order.
#include "../../../../gpu-model/src/main/cuda/gmac_tm.cuh"

extern "C" __global__ void atm_transfer_tm(volatile int* accounts, const int* from, const int* to, const int* amount,
                                           int* moved, int n) {
    for (int t = blockIdx.x * blockDim.x + threadIdx.x; t < n; t += gridDim.x * blockDim.x) {
        int a = from[t];
        int b = to[t];
        int m = amount[t];
        int ok;
        TX_BEGIN();
        int ba = accounts[4 * a];
        int limit = accounts[4 * a + 1];
        int bb = accounts[4 * b];
        ok = ba - m >= -limit;
        if (ok) {
            accounts[4 * a] = ba - m;
            accounts[4 * b] = bb + m;
        }
        TX_COMMIT();
        moved[t] = ok;
    }
}

extern "C" __global__ void atm_transfer_fgl(volatile int* accounts, const int* from, const int* to, const int* amount,
                                            int* moved, int n) {
    for (int t = blockIdx.x * blockDim.x + threadIdx.x; t < n; t += gridDim.x * blockDim.x) {
        int a = from[t];
        int b = to[t];
        int m = amount[t];
        int lo = min(a, b);
        int hi = max(a, b);
        int* lockLo = (int*)&accounts[4 * lo + 2];
        int* lockHi = (int*)&accounts[4 * hi + 2];
        bool done = false;
        while (!done) {
            if (atomicCAS(lockLo, 0, 1) == 0) {
                if (atomicCAS(lockHi, 0, 1) == 0) {
                    int ba = accounts[4 * a];
                    int limit = accounts[4 * a + 1];
                    int bb = accounts[4 * b];
                    int ok = ba - m >= -limit;
                    if (ok) {
                        accounts[4 * a] = ba - m;
                        accounts[4 * b] = bb + m;
                    }
                    moved[t] = ok;
                    __threadfence();
                    atomicExch(lockHi, 0);
                    done = true;
                }
                __threadfence();
                atomicExch(lockLo, 0);
            }
        }
    }
}
