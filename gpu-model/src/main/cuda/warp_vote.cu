// Warp vote and ballot. Each thread computes a predicate from its input value (odd?), and every lane
// writes, for its warp:
//   out[5*i+0] = __all_sync(full, pred)
//   out[5*i+1] = __any_sync(full, pred)
//   out[5*i+2] = __ballot_sync(full, pred)
//   out[5*i+3] = __activemask() seen inside a branch taken only by lanes with pred true (else 0)
//   out[5*i+4] = __popc(ballot of the lanes whose input exceeds `threshold`)
// Threads past n take part in the vote with pred false (the vote is over whole warps) but write nothing.
extern "C" __global__ void warp_vote(const int* in, unsigned* out, int n, int threshold) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = (i < n) ? in[i] : 0;
    bool pred = (v & 1) != 0;
    unsigned all = __all_sync(0xffffffffu, pred);
    unsigned any = __any_sync(0xffffffffu, pred);
    unsigned ballot = __ballot_sync(0xffffffffu, pred);
    unsigned active = 0;
    if (pred) {
        active = __activemask();
    }
    unsigned above = __popc(__ballot_sync(0xffffffffu, v > threshold));
    if (i < n) {
        out[5 * i + 0] = all;
        out[5 * i + 1] = any;
        out[5 * i + 2] = ballot;
        out[5 * i + 3] = active;
        out[5 * i + 4] = above;
    }
}

// vote.uni: out[i] = __uni_sync(full, in[i] > threshold), 1 when the predicate is the same on every lane
// of the warp.
extern "C" __global__ void warp_uniform(const int* in, unsigned* out, int threshold) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = __uni_sync(0xffffffffu, in[i] > threshold) ? 1u : 0u;
}
