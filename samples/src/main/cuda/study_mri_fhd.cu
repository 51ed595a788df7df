// Transfer study, mri-fhd (Parboil's MRI-FHD; ADSM paper Table 2): the vector F^H d of a non-Cartesian MRI
// reconstruction. mrifhd_rhophi forms rho*phi per sample; the host packs (kx, ky, kz, re, im) records and
// feeds them to mrifhd_accumulate one chunk per launch (the original keeps each chunk in constant memory).
extern "C" __global__ void mrifhd_rhophi(int numK, const float* phiR, const float* phiI, const float* dR,
                                        const float* dI, float* rhoPhiR, float* rhoPhiI) {
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k < numK) {
        float pr = phiR[k];
        float pi = phiI[k];
        float vr = dR[k];
        float vi = dI[k];
        rhoPhiR[k] = __fmaf_rn(pi, vi, __fmul_rn(pr, vr));
        rhoPhiI[k] = __fsub_rn(__fmul_rn(pr, vi), __fmul_rn(pi, vr));
    }
}

// chunk: chunkK records of (kx, ky, kz, rhoPhiR, rhoPhiI), 5 floats each.
extern "C" __global__ void mrifhd_accumulate(int numX, int chunkK, const float* x, const float* y, const float* z,
                                            const float* chunk, float* fhdR, float* fhdI) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= numX) {
        return;
    }
    float sx = x[t];
    float sy = y[t];
    float sz = z[t];
    float accR = 0.0f;
    float accI = 0.0f;
    for (int k = 0; k < chunkK; ++k) {
        const float* kv = chunk + 5 * k;
        float dot = __fmaf_rn(kv[2], sz, __fmaf_rn(kv[1], sy, __fmul_rn(kv[0], sx)));
        float arg = __fmul_rn(6.2831853f, dot);
        float c = __cosf(arg);
        float s = __sinf(arg);
        accR = __fadd_rn(accR, __fsub_rn(__fmul_rn(kv[3], c), __fmul_rn(kv[4], s)));
        accI = __fadd_rn(accI, __fmaf_rn(kv[3], s, __fmul_rn(kv[4], c)));
    }
    fhdR[t] = __fadd_rn(fhdR[t], accR);
    fhdI[t] = __fadd_rn(fhdI[t], accI);
}
