// Pointer chase (issue 7 validation of the timing model): one thread follows a chain of pointers that the host
// laid out in device memory. Every load needs the address the previous one returned, so the time per hop is the
// unloaded latency of wherever the chain lives (L1, L2 or DRAM, depending on its layout).
// The hops are fully unrolled, with no loop around them; the two lengths let a test subtract the shorter run
// from the longer one, which cancels the cost of the launch, the parameter loads and the final store.
// Used by dev.gmac.gpu.timing.kernels.PointerChaseKernelTest.

template <int HOPS>
__device__ __forceinline__ void chase(void* const* start, void** end) {
    void* const* p = start;
#pragma unroll
    for (int i = 0; i < HOPS; i++) {
        p = static_cast<void* const*>(*p);
    }
    *end = const_cast<void**>(p);
}

extern "C" __global__ void pointer_chase_32(void* const* start, void** end) { chase<32>(start, end); }

extern "C" __global__ void pointer_chase_64(void* const* start, void** end) { chase<64>(start, end); }
