// TM study, BH (Fung thesis §4.3; BH-H/BH-L of Table 6.2): the tree-building kernel of Barnes-Hut, in the
// iterative style of Burtscher and Pingali, written here from scratch. Each thread inserts bodies into an octree:
// it descends from the root cell, each step reading one child slot in a read-only transaction (the thesis's
// traversal transactions, which make a freshly linked cell visible only once initialised); at an empty slot or a
// body it inserts in a second transaction: the body goes into an empty slot, or a body already there is pushed down
// into a new cell (geometry, eight empty children and the old body: a 14-word write-set) and the descent goes on.
// Cells come from a per-thread pool (no allocator contention). Slots hold -1 (empty), a body index below nbodies,
// or nbodies + a cell index. The fine-grained-lock version locks a slot by swapping it to -2 with atomicCAS, as
// Burtscher's lightweight locks do.
#include "../../../../gpu-model/src/main/cuda/gmac_tm.cuh"

#define EMPTY (-1)
#define LOCKED (-2)

__device__ __forceinline__ int octant(float x, float y, float z, float cx, float cy, float cz) {
    return (x > cx ? 1 : 0) | (y > cy ? 2 : 0) | (z > cz ? 4 : 0);
}

extern "C" __global__ void bh_build_tm(const float* px, const float* py, const float* pz, volatile int* child,
                                       volatile float* cell, int* overflow, int nbodies, int perThread, int maxDepth) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    int stride = gridDim.x * blockDim.x;
    int next = 1 + tid * perThread;
    int last = next + perThread;
    for (int b = tid; b < nbodies; b += stride) {
        float x = px[b];
        float y = py[b];
        float z = pz[b];
        int node = 0;
        float cx = cell[0];
        float cy = cell[1];
        float cz = cell[2];
        float r = cell[3];
        int depth = 0;
        bool done = false;
        while (!done) {
            int oct = octant(x, y, z, cx, cy, cz);
            int slot = node * 8 + oct;
            int c;
            TX_BEGIN();
            c = child[slot];
            TX_COMMIT();
            if (c >= nbodies) {
                node = c - nbodies;
                r *= 0.5f;
                cx += (oct & 1) ? r : -r;
                cy += (oct & 2) ? r : -r;
                cz += (oct & 4) ? r : -r;
                depth++;
                continue;
            }
            if (next == last || depth >= maxDepth) {
                overflow[0] = 1; // the pool or the depth limit is too small: the host reports it
                done = true;
                continue;
            }
            int made;
            TX_BEGIN();
            c = child[slot];
            made = 0;
            if (c == EMPTY) {
                child[slot] = b;
            } else if (c < nbodies) {
                float nr = 0.5f * r;
                float ncx = cx + ((oct & 1) ? nr : -nr);
                float ncy = cy + ((oct & 2) ? nr : -nr);
                float ncz = cz + ((oct & 4) ? nr : -nr);
                cell[4 * next] = ncx;
                cell[4 * next + 1] = ncy;
                cell[4 * next + 2] = ncz;
                cell[4 * next + 3] = nr;
                for (int k = 0; k < 8; k++) {
                    child[8 * next + k] = EMPTY;
                }
                child[8 * next + octant(px[c], py[c], pz[c], ncx, ncy, ncz)] = c;
                child[slot] = nbodies + next;
                made = 1;
            }
            TX_COMMIT();
            if (c == EMPTY) {
                done = true;
            }
            next += made; // the new cell is in the tree: the next step descends into it
        }
    }
}

extern "C" __global__ void bh_build_fgl(const float* px, const float* py, const float* pz, volatile int* child,
                                        volatile float* cell, int* overflow, int nbodies, int perThread, int maxDepth) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    int stride = gridDim.x * blockDim.x;
    int next = 1 + tid * perThread;
    int last = next + perThread;
    for (int b = tid; b < nbodies; b += stride) {
        float x = px[b];
        float y = py[b];
        float z = pz[b];
        int node = 0;
        float cx = cell[0];
        float cy = cell[1];
        float cz = cell[2];
        float r = cell[3];
        int depth = 0;
        bool done = false;
        while (!done) {
            int oct = octant(x, y, z, cx, cy, cz);
            int slot = node * 8 + oct;
            int c = child[slot];
            if (c >= nbodies) {
                node = c - nbodies;
                r *= 0.5f;
                cx += (oct & 1) ? r : -r;
                cy += (oct & 2) ? r : -r;
                cz += (oct & 4) ? r : -r;
                depth++;
                continue;
            }
            if (c != LOCKED && atomicCAS((int*)&child[slot], c, LOCKED) == c) {
                if (c == EMPTY) {
                    __threadfence();
                    child[slot] = b;
                    done = true;
                } else if (next == last || depth >= maxDepth) {
                    overflow[0] = 1;
                    child[slot] = c;
                    done = true;
                } else {
                    float nr = 0.5f * r;
                    float ncx = cx + ((oct & 1) ? nr : -nr);
                    float ncy = cy + ((oct & 2) ? nr : -nr);
                    float ncz = cz + ((oct & 4) ? nr : -nr);
                    cell[4 * next] = ncx;
                    cell[4 * next + 1] = ncy;
                    cell[4 * next + 2] = ncz;
                    cell[4 * next + 3] = nr;
                    for (int k = 0; k < 8; k++) {
                        child[8 * next + k] = EMPTY;
                    }
                    child[8 * next + octant(px[c], py[c], pz[c], ncx, ncy, ncz)] = c;
                    __threadfence();
                    child[slot] = nbodies + next; // unlocks the slot
                    next++;
                }
            }
        }
    }
}
