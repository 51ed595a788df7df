// Transfer study, mri-q (Parboil's MRI-Q; ADSM paper Table 2): the matrix Q of a non-Cartesian MRI
// reconstruction. mriq_phimag squares the sample magnitudes; the host then packs (kx, ky, kz, |phi|^2)
// records, and mriq_computeq sums every sample's contribution at each voxel.
extern "C" __global__ void mriq_phimag(int numK, const float* phiR, const float* phiI, float* phiMag) {
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k < numK) {
        float re = phiR[k];
        float im = phiI[k];
        phiMag[k] = __fmaf_rn(im, im, __fmul_rn(re, re));
    }
}

// kValues: numK records of (kx, ky, kz, phiMag), 4 floats each.
extern "C" __global__ void mriq_computeq(int numX, int numK, const float* x, const float* y, const float* z,
                                        const float* kValues, float* qr, float* qi) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= numX) {
        return;
    }
    float sx = x[t];
    float sy = y[t];
    float sz = z[t];
    float accR = 0.0f;
    float accI = 0.0f;
    for (int k = 0; k < numK; ++k) {
        const float* kv = kValues + 4 * k;
        float dot = __fmaf_rn(kv[2], sz, __fmaf_rn(kv[1], sy, __fmul_rn(kv[0], sx)));
        float arg = __fmul_rn(6.2831853f, dot);
        accR = __fmaf_rn(kv[3], __cosf(arg), accR);
        accI = __fmaf_rn(kv[3], __sinf(arg), accI);
    }
    qr[t] = accR;
    qi[t] = accI;
}
