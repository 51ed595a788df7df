// Transfer study, tpacf (Parboil's two-point angular correlation function; ADSM paper Table 2). Points are unit
// vectors; the first dataCount are the observed catalogue, the next randomCount a random catalogue. Thread j
// bins the angular separation of random point j from every observed point: binCos holds bins + 1 cosines in
// decreasing order and pair (d, j) falls in the bin b with binCos[b] >= cos > binCos[b + 1].
extern "C" __global__ void tpacf_histogram(int dataCount, int randomCount, const float* x, const float* y,
                                           const float* z, const float* binCos, int bins, int* histogram) {
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= randomCount) {
        return;
    }
    float rx = x[dataCount + j];
    float ry = y[dataCount + j];
    float rz = z[dataCount + j];
    for (int d = 0; d < dataCount; ++d) {
        float c = __fmaf_rn(z[d], rz, __fmaf_rn(y[d], ry, __fmul_rn(x[d], rx)));
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
