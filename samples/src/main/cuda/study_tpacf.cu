// Transfer study, tpacf (Parboil's two-point angular correlation function; ADSM paper Table 2). Points are unit
// vectors stored as (x, y, z) records; the first dataCount are the observed catalogue, the next randomCount a
// random catalogue. Thread j bins the angular separation of random point j from every observed point: binCos
// holds bins + 1 cosines in decreasing order and pair (d, j) falls in the bin b with
// binCos[b] >= cos > binCos[b + 1].
extern "C" __global__ void tpacf_histogram(int dataCount, int randomCount, const float* points,
                                           const float* binCos, int bins, int* histogram) {
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= randomCount) {
        return;
    }
    const float* r = points + 3 * (dataCount + j);
    float rx = r[0];
    float ry = r[1];
    float rz = r[2];
    for (int d = 0; d < dataCount; ++d) {
        const float* p = points + 3 * d;
        float c = __fmaf_rn(p[2], rz, __fmaf_rn(p[1], ry, __fmul_rn(p[0], rx)));
        int lo = 0;
        int hi = bins;
        while (hi - lo > 1) {
            int mid = (lo + hi) >> 1;
            if (binCos[mid] >= c) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        atomicAdd(&histogram[lo], 1);
    }
}
