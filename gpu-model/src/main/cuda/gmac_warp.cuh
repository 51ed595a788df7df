// gmac_warp.cuh: wavefront-wide operations for kernels that run on gmac-jvm's software GPU with warps of 32 lanes
// (NVIDIA-like presets) or 64 lanes (the AMD-like apu8 preset).
//
// nvcc compiles CUDA's warp intrinsics for 32 lanes (it folds warpSize to 32). On a 64-lane wavefront the software
// GPU runs those 32-bit forms on each 32-lane half of the wavefront, so existing code keeps working; the functions
// below use the software GPU's extension instructions (vote.ballot.b64, activemask.b64, shfl.wave) that span the
// whole wavefront at either width. Wavefront-wide prefix sums and leader election written with them are correct
// at both widths (used by the channels' wavefront-amortized reservation, Orr et al., ISCA 2014, Fig 5). The PTX is
// meant for gmac-jvm; real GPUs do not have these instructions.
#ifndef GMAC_WARP_CUH
#define GMAC_WARP_CUH

// Lanes per wavefront: 32 or 64.
__device__ __forceinline__ unsigned gmac_wave_size() {
    unsigned w;
    asm volatile("mov.u32 %0, WARP_SZ;" : "=r"(w));
    return w;
}

// This lane's index in its wavefront, 0 .. gmac_wave_size()-1.
__device__ __forceinline__ unsigned gmac_lane_id() {
    unsigned l;
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(l));
    return l;
}

// The 64-bit ballot of every active lane of the wavefront (bit i: lane i's predicate).
__device__ __forceinline__ unsigned long long gmac_ballot(bool pred) {
    unsigned long long b;
    asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.u32 p, %1, 0;\n\tvote.ballot.b64 %0, p;\n\t}"
                 : "=l"(b)
                 : "r"((unsigned) pred));
    return b;
}

// The wavefront's active lanes as a 64-bit mask.
__device__ __forceinline__ unsigned long long gmac_active_mask() {
    unsigned long long m;
    asm volatile("activemask.b64 %0;" : "=l"(m));
    return m;
}

// The value of v in lane `lane` of the wavefront (v itself when `lane` is outside it).
__device__ __forceinline__ int gmac_shfl_idx(int v, int lane) {
    int r;
    asm volatile("shfl.wave.idx.b32 %0, %1, %2;" : "=r"(r) : "r"(v), "r"(lane));
    return r;
}

// The value of v in lane (this lane - delta) (v itself for the first `delta` lanes).
__device__ __forceinline__ int gmac_shfl_up(int v, int delta) {
    int r;
    asm volatile("shfl.wave.up.b32 %0, %1, %2;" : "=r"(r) : "r"(v), "r"(delta));
    return r;
}

// The lowest active lane of the wavefront: the leader.
__device__ __forceinline__ unsigned gmac_leader() {
    return (unsigned) __ffsll((long long) gmac_active_mask()) - 1;
}

// Exclusive prefix sum of v over the active lanes of the wavefront (every lane of the wavefront must be active),
// and the wavefront's total in *total.
__device__ __forceinline__ int gmac_wave_exclusive_sum(int v, int* total) {
    unsigned n = gmac_wave_size();
    unsigned lane = gmac_lane_id();
    int inclusive = v;
    for (unsigned d = 1; d < n; d <<= 1) {
        int up = gmac_shfl_up(inclusive, d);
        if (lane >= d) {
            inclusive += up;
        }
    }
    *total = gmac_shfl_idx(inclusive, n - 1);
    return inclusive - v;
}

#endif
