// A module with one kernel of 6 KiB of static shared memory (issue 15, item 3: the occupancy of the timing model
// counts the launched kernel's shared memory only; dev.gmac.gpu.timing.kernels.PerKernelSharedMemoryTest).
#include "shared_tile.cuh"

extern "C" __global__ void tile6k(const float* in, float* out) {
    __shared__ float tile[1536];
    tile_sum(tile, 1536, in, out);
}
