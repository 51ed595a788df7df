// 16-bit types: short / unsigned short arithmetic, comparisons and conversions (mov.u16, and.b16,
// setp.*.s16/u16, cvt to and from 16-bit, ld/st of 16-bit values).
// For element i, with a = as[i], b = bs[i] (shorts) and ua = (unsigned short)a, ub = (unsigned short)b:
//   out16[4*i+0] = (short)(a + b)           (wraps in 16 bits)
//   out16[4*i+1] = (short)(a * b)
//   out16[4*i+2] = ua & ub | 0x0101
//   out16[4*i+3] = (short)(ua >> 3) ^ (short)(a >> 2)
//   flags[i]     = bit0 a < b (signed), bit1 ua < ub (unsigned), bit2 a == b, bit3 ua >= ub,
//                  bit4 a > 0, bit5 ua <= 1000
extern "C" __global__ void short_ops(const short* as, const short* bs, short* out16, unsigned* flags, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        short a = as[i];
        short b = bs[i];
        unsigned short ua = (unsigned short)a;
        unsigned short ub = (unsigned short)b;
        out16[4 * i + 0] = (short)(a + b);
        out16[4 * i + 1] = (short)(a * b);
        out16[4 * i + 2] = (short)((ua & ub) | 0x0101);
        out16[4 * i + 3] = (short)((short)(ua >> 3) ^ (short)(a >> 2));
        unsigned f = 0;
        f |= (a < b) ? 1u : 0u;
        f |= (ua < ub) ? 2u : 0u;
        f |= (a == b) ? 4u : 0u;
        f |= (ua >= ub) ? 8u : 0u;
        f |= (a > 0) ? 16u : 0u;
        f |= (ua <= 1000) ? 32u : 0u;
        flags[i] = f;
    }
}

// 16-bit min/max and select computed in 16-bit registers (the compare-and-select pattern keeps nvcc on
// setp.*.s16 / u16 and selp.b16), with conversions from int and float into 16 bits:
//   out[3*i+0] = max(a, b) (signed), out[3*i+1] = min(ua, ub) (unsigned),
//   out[3*i+2] = (short) ints[i] (truncation), wide[i] = (int) a * (int) ub, fl[i] = (short) floats[i]
extern "C" __global__ void short_minmax(const short* as, const short* bs, const int* ints, const float* floats,
                                        short* out, int* wide, short* fl, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        short a = as[i];
        short b = bs[i];
        unsigned short ua = (unsigned short)a;
        unsigned short ub = (unsigned short)b;
        volatile short mx = a > b ? a : b;
        volatile unsigned short mn = ua < ub ? ua : ub;
        out[3 * i + 0] = mx;
        out[3 * i + 1] = (short)mn;
        out[3 * i + 2] = (short)ints[i];
        wide[i] = (int)a * (int)ub;
        fl[i] = (short)floats[i];
    }
}

// A 16-bit accumulator and counter in a data-dependent loop (mov.u16 of constants, cvt.u16.u32 of a
// 32-bit value into 16 bits, setp on u16 values):
//   acc = 1 (16-bit); for k = 0 .. (steps[i] & 63) - 1: acc = acc * 3 + ((unsigned short) ((xs[i] * 7) >> 3) ^ k),
//   then if acc >= 0x8000 acc = 7 else if acc <= 0x100 acc = acc + 0x200;  out[i] = acc.
extern "C" __global__ void short_loop(const int* xs, const int* steps, unsigned short* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        unsigned short x = (unsigned short)((xs[i] * 7) >> 3);
        unsigned short limit = (unsigned short)(steps[i] & 63);
        unsigned short acc = 1;
        for (unsigned short k = 0; k < limit; ++k) {
            acc = (unsigned short)((unsigned short)(acc * 3) + (unsigned short)(x ^ k));
        }
        if (acc >= 0x8000) {
            acc = 7;
        } else if (acc <= 0x100) {
            acc = (unsigned short)(acc + 0x200);
        }
        out[i] = acc;
    }
}
