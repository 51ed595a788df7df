// Transfer study, cp (Coulombic potential; Parboil's cp, adapted from VMD's cionize; ADSM paper Table 2).
// One thread per point of a 2D slice of a 3D grid. The host hands the atoms over in fixed-size chunks (the
// original keeps each chunk in constant memory) and every launch adds the chunk's potential to the slice.
// atoms: chunk of (x, y, z, charge) records, 4 floats each.
extern "C" __global__ void cp_accumulate(int gridWidth, int gridHeight, float spacing, float sliceZ,
                                         int atomCount, const float* atoms, float* energy) {
    int ix = blockIdx.x * blockDim.x + threadIdx.x;
    int iy = blockIdx.y * blockDim.y + threadIdx.y;
    if (ix >= gridWidth || iy >= gridHeight) {
        return;
    }
    float px = __fmul_rn((float)ix, spacing);
    float py = __fmul_rn((float)iy, spacing);
    float sum = 0.0f;
    for (int a = 0; a < atomCount; ++a) {
        float dx = __fsub_rn(px, atoms[4 * a]);
        float dy = __fsub_rn(py, atoms[4 * a + 1]);
        float dz = __fsub_rn(sliceZ, atoms[4 * a + 2]);
        float r2 = __fmaf_rn(dz, dz, __fmaf_rn(dy, dy, __fmul_rn(dx, dx)));
        sum = __fadd_rn(sum, __fdiv_rn(atoms[4 * a + 3], __fsqrt_rn(r2)));
    }
    int i = iy * gridWidth + ix;
    energy[i] = __fadd_rn(energy[i], sum);
}
