// The kernel of the Maven recipe example: y[i] = a * y[i] for i < n. Our own code.
extern "C" __global__ void scale(float* y, float a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        y[i] = a * y[i];
    }
}
