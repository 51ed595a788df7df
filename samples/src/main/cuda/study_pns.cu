// Transfer study, pns (Parboil's Petri-net simulation; ADSM paper Table 2), shaped like Parboil's host program:
// the kernel keeps every trajectory's net state in a device scratch object that the host never touches,
// initialises it itself from the launch's seed, runs the trajectory and leaves only two words per trajectory
// (the variance of its marking and its largest marking) for the host to read after the call.
//
// The net is our own: `places` = rows * cols places on a torus; transition (r, c) takes a token from places
// (r, c) and (r, c + 1) and puts one into (r + 1, c) and (r + 1, c + 1), so every firing keeps the token count.
// One thread simulates one trajectory (Parboil uses a 256-thread block per trajectory; the host side is the
// same). Scratch is place-major: scratch[place * count + t] for the launch's trajectory t.

__device__ unsigned xorshift32(unsigned x) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return x;
}

extern "C" __global__ void pns_trajectories(int rows, int cols, int steps, unsigned seed, int count,
                                            int* scratch, float* vars, int* maxs) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= count) {
        return;
    }
    int places = rows * cols;
    unsigned state = (seed ^ ((unsigned)t * 0x9E3779B9u)) | 1u;
    // initial marking: 0, 1 or 2 tokens per place (one on average)
    for (int p = 0; p < places; ++p) {
        state = xorshift32(state);
        scratch[p * count + t] = (int)(state % 3u);
    }
    for (int s = 0; s < steps; ++s) {
        state = xorshift32(state);
        int tr = (int)(state % (unsigned)places);
        int r = tr / cols;
        int c = tr - r * cols;
        int c1 = c + 1 == cols ? 0 : c + 1;
        int r1 = r + 1 == rows ? 0 : r + 1;
        int a = (r * cols + c) * count + t;
        int b = (r * cols + c1) * count + t;
        if (scratch[a] > 0 && scratch[b] > 0) {
            scratch[a] -= 1;
            scratch[b] -= 1;
            scratch[(r1 * cols + c) * count + t] += 1;
            scratch[(r1 * cols + c1) * count + t] += 1;
        }
    }
    // reward statistics, as Parboil's: the variance of the marking over the places, E(X^2) - E(X)^2, and the
    // largest marking
    int sum = 0;
    int squares = 0;
    int largest = 0;
    for (int p = 0; p < places; ++p) {
        int m = scratch[p * count + t];
        sum += m;
        squares += m * m;
        largest = max(largest, m);
    }
    float n = __int2float_rn(places);
    float mean = __fdiv_rn(__int2float_rn(sum), n);
    vars[t] = __fsub_rn(__fdiv_rn(__int2float_rn(squares), n), __fmul_rn(mean, mean));
    maxs[t] = largest;
}
