// Divergence study, AES (shaped like the GPGPU-Sim benchmarks' AES; Fung thesis Table 3.1, coherent set). Each
// thread encrypts one 16-byte block with ten table-driven rounds in the style of AES: four 256-entry tables of
// 32-bit words, staged in shared memory by the CTA, are indexed by the bytes of the state and XORed with a round
// key. The tables and keys are our own generated data (this is the workload's shape, not a cipher), and every
// thread runs the same instructions: no divergence, but data-dependent shared-memory bank conflicts.
extern "C" __global__ void aes_rounds(const unsigned* __restrict__ tables, const unsigned* __restrict__ roundKeys, const unsigned* __restrict__ in,
                                      unsigned* __restrict__ out, int blocks) {
    __shared__ unsigned T[4][256];
    for (int k = threadIdx.x; k < 1024; k += blockDim.x) {
        T[k >> 8][k & 255] = tables[k];
    }
    __syncthreads();
    int b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b >= blocks) {
        return;
    }
    unsigned s0 = in[4 * b] ^ roundKeys[0];
    unsigned s1 = in[4 * b + 1] ^ roundKeys[1];
    unsigned s2 = in[4 * b + 2] ^ roundKeys[2];
    unsigned s3 = in[4 * b + 3] ^ roundKeys[3];
    for (int r = 1; r <= 10; r++) {
        const unsigned* k = roundKeys + 4 * r;
        unsigned t0 = T[0][s0 & 255] ^ T[1][(s1 >> 8) & 255] ^ T[2][(s2 >> 16) & 255] ^ T[3][s3 >> 24] ^ k[0];
        unsigned t1 = T[0][s1 & 255] ^ T[1][(s2 >> 8) & 255] ^ T[2][(s3 >> 16) & 255] ^ T[3][s0 >> 24] ^ k[1];
        unsigned t2 = T[0][s2 & 255] ^ T[1][(s3 >> 8) & 255] ^ T[2][(s0 >> 16) & 255] ^ T[3][s1 >> 24] ^ k[2];
        unsigned t3 = T[0][s3 & 255] ^ T[1][(s0 >> 8) & 255] ^ T[2][(s1 >> 16) & 255] ^ T[3][s2 >> 24] ^ k[3];
        s0 = t0;
        s1 = t1;
        s2 = t2;
        s3 = t3;
    }
    out[4 * b] = s0;
    out[4 * b + 1] = s1;
    out[4 * b + 2] = s2;
    out[4 * b + 3] = s3;
}
