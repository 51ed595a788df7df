// Wavefront yield (dev.gmac.gpu.timing.functional.YieldWaveTest): each CTA is one wavefront that yields with
// values held only in registers, once with every lane and once from a divergent branch, and finishes after an
// agent restarted it. The save area of CTA b is save + b * bytes.

__device__ __forceinline__ void yield_wave(unsigned char* area, unsigned long long bytes) {
    asm volatile("yield.wave %0, %1;" ::"l"(area), "l"(bytes) : "memory");
}

extern "C" __global__ void yield_wave(int* in, float* weights, int* out, unsigned char* save,
                                      unsigned long long bytes) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned char* area = save + (unsigned long long) blockIdx.x * bytes;
    int a = in[i];
    float w = weights[i];
    in[i] = -1;  // the values now live only in registers
    weights[i] = 0.0f;
    yield_wave(area, bytes);
    int b = a * 2;
    if (a & 1) {
        b += 7;
        yield_wave(area, bytes);
        b += (int) (w * 4.0f);
    }
    out[i] = b + (int) w;
}
