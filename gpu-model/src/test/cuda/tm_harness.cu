// Kernels of the TM correctness harness (dev.gmac.gpu.tm.TmCorrectnessTest), after the invariants the thesis's
// correctness chapter implies (Fung thesis Ch5): an ABA interleaving that value-based validation must tolerate, and
// doomed transactions (an inconsistent view of memory) that would loop forever or fault on a wild address unless
// the watchdog and the sandbox stop them. Thread 0 is the victim; threads from 64 on, in other warps at warp
// widths 32 and 64, interfere.
#include "../../main/cuda/gmac_tm.cuh"

// A <- B <- A: thread 0 reads a[0] and then computes for `spin` iterations inside its transaction; thread 64
// meanwhile commits a[0] = 2 and then a[0] = 1 again. Value-based validation sees a[0] unchanged and commits.
extern "C" __global__ void tx_aba(volatile int* a, volatile int* out, int spin) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i == 0) {
        TX_BEGIN();
        int v = a[0];
        unsigned x = (unsigned)v;
        for (int k = 0; k < spin; k++) {
            x = x * 1103515245u + 12345u;
        }
        out[0] = v + 1;
        out[1] = (int)x;
        TX_COMMIT();
    } else if (i == 64) {
        unsigned x = 7;
        for (int k = 0; k < 24; k++) {
            x = x * 3u + 1u; // let thread 0 read first
        }
        out[2] = (int)x;
        TX_BEGIN();
        a[0] = 2;
        TX_COMMIT();
        TX_BEGIN();
        a[0] = 1;
        TX_COMMIT();
    }
}

// x == y is invariant: writers (threads 64 .. 64+writers-1) increment both in one transaction. Thread 0 reads x,
// computes, then reads y: if a writer committed in between it sees x != y, an inconsistent view. With wild == 0 it
// then loops forever (a' - b' = 7 (a - b) mod a prime, never 0); with wild != 0 it loads from and stores to
// addresses far outside every allocation. Only the watchdog and the sandbox let the kernel finish.
extern "C" __global__ void tx_doomed(volatile int* x, volatile int* y, volatile int* out, int spin, int writers, int wild) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i == 0) {
        TX_BEGIN();
        int a = *x;
        unsigned d = (unsigned)a;
        for (int k = 0; k < spin; k++) {
            d = d * 1103515245u + 12345u;
        }
        int b = *y;
        if (a != b) {
            if (wild) {
                long long far = (long long)(a - b) << 33;
                b += x[far];
                out[far + 1] = b;
            } else {
                while (a != b) {
                    a = (a * 7 + 1) % 1000003;
                    b = (b * 7 + 1) % 1000003;
                }
            }
        }
        out[0] = a;
        out[1] = b;
        out[2] = (int)d;
        TX_COMMIT();
    } else if (i >= 64 && i < 64 + writers) {
        TX_BEGIN();
        int v = *x;
        *x = v + 1;
        *y = *y + 1;
        TX_COMMIT();
    }
}

// Read-only snapshots: threads below `readers` read x and y in a transaction, over and over until every writer is
// done, and count the times they saw x != y; the next `writers` threads increment both in a transaction, `rounds`
// times, and then count themselves in finished[0]; the next `noisy` threads write 8 words in the 128-byte block
// after y's in a transaction, `rounds` times (they keep y's commit unit busy with writes, without touching y's
// block). x and y are meant to lie in different memory partitions, so a writer's commit reaches them at different
// moments: a read-only transaction that commits silently (temporal conflict detection) must still never see one
// updated and not the other.
extern "C" __global__ void tx_snapshot(volatile int* x, volatile int* y, int* torn, volatile int* finished, int readers,
                                       int writers, int noisy, int rounds) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < readers) {
        int bad = 0;
        do {
            int a;
            int b;
            TX_BEGIN();
            a = *x;
            b = *y;
            TX_COMMIT();
            bad += a != b;
        } while (*finished < writers);
        torn[i] = bad;
    } else if (i < readers + writers) {
        for (int r = 0; r < rounds; r++) {
            TX_BEGIN();
            *x = *x + 1;
            *y = *y + 1;
            TX_COMMIT();
        }
        atomicAdd((int*)finished, 1);
    } else if (i < readers + writers + noisy) {
        for (int r = 0; r < rounds; r++) {
            TX_BEGIN();
            for (int k = 32; k < 40; k++) {
                y[k] = i + r;
            }
            TX_COMMIT();
        }
    }
}
