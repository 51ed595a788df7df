// Divergence study, NVRT (shaped like the persistent-threads ray tracer of Aila and Laine; Fung thesis Table 3.1,
// divergent set). A fixed grid of persistent CTAs; in each static warp one manager thread (lane 0) takes the
// next 32 rays from a global counter with atomicAdd and leaves the batch's first index in shared memory, and
// all 32 threads read it right after. The code relies on the static warp running in lockstep (the implicit
// warp synchronisation of pre-Volta GPUs, thesis S3.2): no barrier separates the manager's write from the
// workers' read. Each thread then traverses a bounding-volume hierarchy of 2D boxes with a stack in local
// memory, keeping the closest hit; shadow rays stop at their first hit (a break out of the traversal loop).
// visits[r] counts how often ray r was traced: exactly once when the warp stays synchronous.
struct Node {
    float minX, minY, maxX, maxY;
    int left;   // >= 0: inner node with children left and left + 1; < 0: leaf of boxes -left-1 .. -left-1+count-1
    int count;
    int pad0, pad1;
};

__device__ __forceinline__ bool slab(float ox, float oy, float ix, float iy, float minX, float minY,
                                     float maxX, float maxY, float tmax, float* tEnter) {
    float tx0 = __fmul_rn(__fsub_rn(minX, ox), ix);
    float tx1 = __fmul_rn(__fsub_rn(maxX, ox), ix);
    float ty0 = __fmul_rn(__fsub_rn(minY, oy), iy);
    float ty1 = __fmul_rn(__fsub_rn(maxY, oy), iy);
    float tnear = fmaxf(fminf(tx0, tx1), fminf(ty0, ty1));
    float tfar = fminf(fmaxf(tx0, tx1), fmaxf(ty0, ty1));
    *tEnter = tnear;
    return tfar >= fmaxf(tnear, 0.0f) && tnear < tmax;
}

extern "C" __global__ void nvrt_trace(const float* __restrict__ rays, int rayCount, const Node* __restrict__ nodes, const float* __restrict__ boxes,
                                      int* __restrict__ nextRay, int* __restrict__ hitBox, float* __restrict__ hitT, int* __restrict__ visits) {
    __shared__ volatile int batch[32];
    int lane = threadIdx.x & 31;
    int warp = (threadIdx.y * blockDim.x + threadIdx.x) >> 5;
    int stack[32];
    while (true) {
        if (lane == 0) {
            batch[warp] = atomicAdd(nextRay, 32);
        }
        int first = batch[warp];
        if (first >= rayCount) {
            break;
        }
        int r = first + lane;
        if (r < rayCount) {
            float ox = rays[5 * r];
            float oy = rays[5 * r + 1];
            float ix = rays[5 * r + 2];
            float iy = rays[5 * r + 3];
            bool shadow = rays[5 * r + 4] != 0.0f;
            float best = 1.0e30f;
            int hit = -1;
            int sp = 0;
            stack[sp++] = 0;
            while (sp > 0) {
                Node n = nodes[stack[--sp]];
                float t;
                if (!slab(ox, oy, ix, iy, n.minX, n.minY, n.maxX, n.maxY, best, &t)) {
                    continue;
                }
                if (n.left >= 0) {
                    stack[sp++] = n.left + 1;
                    stack[sp++] = n.left;
                    continue;
                }
                int b0 = -n.left - 1;
                for (int b = b0; b < b0 + n.count; b++) {
                    float tb;
                    if (slab(ox, oy, ix, iy, boxes[4 * b], boxes[4 * b + 1], boxes[4 * b + 2], boxes[4 * b + 3],
                             best, &tb) && tb >= 0.0f) {
                        best = tb;
                        hit = b;
                    }
                }
                if (shadow && hit >= 0) {
                    break;
                }
            }
            hitBox[r] = hit;
            hitT[r] = best;
            atomicAdd(&visits[r], 1);
        }
    }
}
