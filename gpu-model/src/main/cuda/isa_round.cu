// Rounding conversions: cvt.rni/rzi/rmi/rpi float->int and float->float, cvt.sat, unsigned and 64-bit
// targets, and double<->float with rounding modes.
// For each input x = in[i], out[16*i + k] (int bits) is:
//  k=0 __float2int_rn(x)   1 __float2int_rz(x)   2 __float2int_rd(x)   3 __float2int_ru(x)
//  k=4 bits(rintf(x))      5 bits(truncf(x))     6 bits(floorf(x))     7 bits(ceilf(x))
//  k=8 bits(__saturatef(x)) 9 __float2uint_rn(x) 10 __float2uint_rz(x) 11 (int)__float2ll_rd(x)
//  k=12 (int)(__float2ull_ru(x) >> 1)  13 bits(roundf(x))  14 bits(__int2float_rz(j)) 15 bits(__uint2float_rd(u))
// where j = (int)(x * 1e6f) bits reinterpreted inputs are given by in_int[i] and u = (unsigned)in_int[i].
extern "C" __global__ void round_f32(const float* in, const int* in_int, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float x = in[i];
        int j = in_int[i];
        int* o = out + 16 * i;
        o[0] = __float2int_rn(x);
        o[1] = __float2int_rz(x);
        o[2] = __float2int_rd(x);
        o[3] = __float2int_ru(x);
        o[4] = __float_as_int(rintf(x));
        o[5] = __float_as_int(truncf(x));
        o[6] = __float_as_int(floorf(x));
        o[7] = __float_as_int(ceilf(x));
        o[8] = __float_as_int(__saturatef(x));
        o[9] = (int)__float2uint_rn(x);
        o[10] = (int)__float2uint_rz(x);
        o[11] = (int)__float2ll_rd(x);
        o[12] = (int)(__float2ull_ru(x) >> 1);
        o[13] = __float_as_int(roundf(x));
        o[14] = __float_as_int(__int2float_rz(j));
        o[15] = __float_as_int(__uint2float_rd((unsigned)j));
    }
}

// Double-precision conversions. For x = in[i] and a 64-bit integer l = in_ll[i], out[12*i + k] (64-bit) is:
//  k=0 __double2int_rn(x)  1 __double2int_rz(x)  2 __double2int_rd(x)  3 __double2int_ru(x)
//  k=4 bits(rint(x))  5 bits(trunc(x))  6 bits(floor(x))  7 bits(ceil(x))
//  k=8 __double2ll_rn(x)  9 bits of __double2float_rn(x) | bits of __double2float_rz(x) << 32
//  k=10 bits(__ll2double_rd(l))  11 bits(__ll2float_rn(l)) | bits(__ull2float_ru((unsigned long long)l)) << 32
extern "C" __global__ void round_f64(const double* in, const long long* in_ll, long long* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        double x = in[i];
        long long l = in_ll[i];
        long long* o = out + 12 * i;
        o[0] = __double2int_rn(x);
        o[1] = __double2int_rz(x);
        o[2] = __double2int_rd(x);
        o[3] = __double2int_ru(x);
        o[4] = __double_as_longlong(rint(x));
        o[5] = __double_as_longlong(trunc(x));
        o[6] = __double_as_longlong(floor(x));
        o[7] = __double_as_longlong(ceil(x));
        o[8] = __double2ll_rn(x);
        o[9] = (long long)(unsigned)__float_as_int(__double2float_rn(x))
               | ((long long)(unsigned)__float_as_int(__double2float_rz(x)) << 32);
        o[10] = __double_as_longlong(__ll2double_rd(l));
        o[11] = (long long)(unsigned)__float_as_int(__ll2float_rn(l))
                | ((long long)(unsigned)__float_as_int(__ull2float_ru((unsigned long long)l)) << 32);
    }
}

// Saturating and flush-to-zero conversions: cvt.sat to 8/16-bit integer ranges via clamping patterns,
// cvt.ftz via a float computation compiled for flush-to-zero (the inline asm forms are what
// -ftz=true code contains). out[4*i+k] (int bits): k=0 cvt.rni.sat.u8.f32-like clamp (x to 0..255),
// 1 bits(cvt.rzi.ftz.f32.f32 x), 2 bits(cvt.ftz.sat.f32.f32 x), 3 cvt.rni.sat.s16.f32 clamp.
extern "C" __global__ void round_sat_ftz(const float* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float x = in[i];
        unsigned u8;
        float t, s;
        int s16;
        asm("cvt.rni.sat.u8.f32 %0, %1;" : "=r"(u8) : "f"(x));
        asm("cvt.rzi.ftz.f32.f32 %0, %1;" : "=f"(t) : "f"(x));
        asm("cvt.ftz.sat.f32.f32 %0, %1;" : "=f"(s) : "f"(x));
        asm("cvt.rni.sat.s16.f32 %0, %1;" : "=r"(s16) : "f"(x));
        out[4 * i + 0] = (int)u8;
        out[4 * i + 1] = __float_as_int(t);
        out[4 * i + 2] = __float_as_int(s);
        out[4 * i + 3] = s16;
    }
}
