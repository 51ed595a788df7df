// TM study, CC (Fung thesis §4.3: CudaCuts, a push-relabel max-flow/min-cut for image segmentation; Vineet and
// Narayanan, CVPRW 2008), written here from scratch for a 4-connected grid graph. Node u has excess e[u], height
// h[u], residual capacities cap[4u + d] to its left, right, up and down neighbours (d ^ 1 is the reverse
// direction), the residual capacity capT[u] of its edge to the sink and the flow sink[u] it sent there. The push
// kernel sends excess along admissible edges (to a neighbour one level lower, or to the sink from level 1); the
// transactional version groups the atomics of one push into one transaction (4 words read, 4 written); the
// fine-grained version is CudaCuts' own: atomic subtracts and adds (a node's outgoing residuals and its excess only
// ever shrink by its own thread, so reading them first is safe). The relabel kernel lifts every active node that has
// no admissible edge to one above its lowest residual neighbour; it reads h and writes h2 (the host swaps them), so
// it is deterministic.
#include "../../../../gpu-model/src/main/cuda/gmac_tm.cuh"

__device__ __forceinline__ int neighbour(int u, int d, int w, int hgt) {
    int x = u % w;
    int y = u / w;
    switch (d) {
        case 0:
            return x > 0 ? u - 1 : -1;
        case 1:
            return x < w - 1 ? u + 1 : -1;
        case 2:
            return y > 0 ? u - w : -1;
        default:
            return y < hgt - 1 ? u + w : -1;
    }
}

extern "C" __global__ void cc_push_tm(volatile int* e, const int* h, volatile int* cap, volatile int* capT,
                                      volatile int* sink, int w, int hgt, int maxH) {
    int n = w * hgt;
    for (int u = blockIdx.x * blockDim.x + threadIdx.x; u < n; u += gridDim.x * blockDim.x) {
        int hu = h[u];
        if (hu >= maxH || e[u] <= 0) {
            continue;
        }
        if (hu == 1) {
            TX_BEGIN();
            int ex = e[u];
            int c = capT[u];
            int dd = min(ex, c);
            if (dd > 0) {
                e[u] = ex - dd;
                capT[u] = c - dd;
                sink[u] = sink[u] + dd;
            }
            TX_COMMIT();
        }
        for (int d = 0; d < 4; d++) {
            int v = neighbour(u, d, w, hgt);
            if (v < 0 || h[v] + 1 != hu) {
                continue;
            }
            TX_BEGIN();
            int ex = e[u];
            int c = cap[4 * u + d];
            int dd = min(ex, c);
            if (dd > 0) {
                e[u] = ex - dd;
                cap[4 * u + d] = c - dd;
                cap[4 * v + (d ^ 1)] = cap[4 * v + (d ^ 1)] + dd;
                e[v] = e[v] + dd;
            }
            TX_COMMIT();
        }
    }
}

extern "C" __global__ void cc_push_fgl(int* e, const int* h, int* cap, int* capT, int* sink, int w, int hgt,
                                       int maxH) {
    int n = w * hgt;
    for (int u = blockIdx.x * blockDim.x + threadIdx.x; u < n; u += gridDim.x * blockDim.x) {
        int hu = h[u];
        if (hu >= maxH || ((volatile int*)e)[u] <= 0) {
            continue;
        }
        if (hu == 1) {
            int ex = ((volatile int*)e)[u];
            int c = capT[u];
            int dd = min(ex, c);
            if (dd > 0) {
                atomicSub(&e[u], dd);
                capT[u] = c - dd;
                sink[u] += dd;
            }
        }
        for (int d = 0; d < 4; d++) {
            int v = neighbour(u, d, w, hgt);
            if (v < 0 || h[v] + 1 != hu) {
                continue;
            }
            int ex = ((volatile int*)e)[u];
            int c = ((volatile int*)cap)[4 * u + d];
            int dd = min(ex, c);
            if (dd > 0) {
                atomicSub(&e[u], dd);
                atomicSub(&cap[4 * u + d], dd);
                atomicAdd(&cap[4 * v + (d ^ 1)], dd);
                atomicAdd(&e[v], dd);
            }
        }
    }
}

extern "C" __global__ void cc_relabel(const int* e, const int* h, int* h2, const int* cap, const int* capT, int w,
                                      int hgt, int maxH, int* active) {
    int n = w * hgt;
    for (int u = blockIdx.x * blockDim.x + threadIdx.x; u < n; u += gridDim.x * blockDim.x) {
        int hu = h[u];
        int nh = hu;
        if (e[u] > 0 && hu < maxH) {
            int lowest = capT[u] > 0 ? 0 : maxH;
            for (int d = 0; d < 4; d++) {
                int v = neighbour(u, d, w, hgt);
                if (v >= 0 && cap[4 * u + d] > 0) {
                    lowest = min(lowest, h[v]);
                }
            }
            if (hu <= lowest) {
                nh = min(lowest + 1, maxH);
            }
            if (nh < maxH) {
                atomicAdd(active, 1);
            }
        }
        h2[u] = nh;
    }
}
