// Transfer study, pns (Parboil's Petri-net simulation; ADSM paper Table 2), shaped like Parboil's program on both
// sides (decisions 0124 and 0126):
// - host side: the host writes nothing the kernel reads; after each call it reads two words per trajectory (the
//   variance of the final marking and its largest marking);
// - device side: one thread block per trajectory, whose net state lives in the block's slot of a device scratch
//   object that the host never touches: one byte per place for the marking, then one word per place for the
//   conflict tags that resolve transitions firing in the same round. The kernel sets every place to one token,
//   fires a few rounds of random transitions (a large net and a short run: each round touches a small part of
//   the state) and reduces the marking to its statistics.
//
// The net and the conflict rule are our own: `places` = rows * cols places on a torus; transition (r, c) takes a
// token from places (r, c) and (r, c + 1) and puts one into (r + 1, c) and (r + 1, c + 1), so every firing keeps
// the token count. In a round every thread draws one transition and tags its four places with its round-unique
// key by atomicMax; a transition fires only if its thread holds all four tags and both inputs hold a token, so
// the firing transitions of a round touch disjoint places and the result does not depend on the order of the
// threads. Keys grow from launch to launch (`epoch`), so tags left in a slot by earlier launches never win.

#define PNS_THREADS 256

__device__ unsigned pns_hash(unsigned x) {
    x ^= x >> 16;
    x *= 0x7FEB352Du;
    x ^= x >> 15;
    x *= 0x846CA68Bu;
    x ^= x >> 16;
    return x;
}

__device__ unsigned xorshift32(unsigned x) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return x;
}

// scratch: `count` slots of `places` marking bytes followed by `places` conflict words (places % 4 == 0).
// Launched with one block of PNS_THREADS threads per trajectory of the call.
extern "C" __global__ void pns_trajectories(int rows, int cols, int rounds, unsigned seed, unsigned epoch,
                                            unsigned char* scratch, float* vars, int* maxs) {
    __shared__ int s_sum[PNS_THREADS];
    __shared__ int s_squares[PNS_THREADS];
    __shared__ int s_largest[PNS_THREADS];
    int tid = threadIdx.x;
    int places = rows * cols;
    int words = places >> 2;
    unsigned char* marks = scratch + (size_t)blockIdx.x * (size_t)places * 5u;
    unsigned* marks32 = (unsigned*)marks;
    unsigned* tags = (unsigned*)(marks + places);

    // every place starts with one token (as Parboil's)
    for (int w = tid; w < words; w += PNS_THREADS) {
        marks32[w] = 0x01010101u;
    }
    __syncthreads();

    unsigned state = pns_hash(seed ^ (blockIdx.x * 0x9E3779B9u) ^ ((unsigned)tid * 0x85EBCA6Bu)) | 1u;
    for (int round = 0; round < rounds; ++round) {
        state = xorshift32(state);
        int tr = (int)(state % (unsigned)places);
        int r = tr / cols;
        int c = tr - r * cols;
        int c1 = c + 1 == cols ? 0 : c + 1;
        int r1 = r + 1 == rows ? 0 : r + 1;
        int a = r * cols + c;
        int b = r * cols + c1;
        int d = r1 * cols + c;
        int e = r1 * cols + c1;
        unsigned key = epoch + (unsigned)(round * PNS_THREADS + tid) + 1u;
        atomicMax(&tags[a], key);
        atomicMax(&tags[b], key);
        atomicMax(&tags[d], key);
        atomicMax(&tags[e], key);
        __syncthreads();
        bool owner = tags[a] == key && tags[b] == key && tags[d] == key && tags[e] == key;
        if (owner && marks[a] > 0 && marks[b] > 0) {
            marks[a] -= 1;
            marks[b] -= 1;
            marks[d] += 1;
            marks[e] += 1;
        }
        __syncthreads();
    }

    // reward statistics: the variance of the marking over the places, E(X^2) - E(X)^2, and its largest marking
    int sum = 0;
    int squares = 0;
    int largest = 0;
    for (int w = tid; w < words; w += PNS_THREADS) {
        unsigned four = marks32[w];
        for (int k = 0; k < 4; ++k) {
            int m = (int)((four >> (8 * k)) & 0xFFu);
            sum += m;
            squares += m * m;
            largest = max(largest, m);
        }
    }
    s_sum[tid] = sum;
    s_squares[tid] = squares;
    s_largest[tid] = largest;
    __syncthreads();
    for (int half = PNS_THREADS / 2; half > 0; half >>= 1) {
        if (tid < half) {
            s_sum[tid] += s_sum[tid + half];
            s_squares[tid] += s_squares[tid + half];
            s_largest[tid] = max(s_largest[tid], s_largest[tid + half]);
        }
        __syncthreads();
    }
    if (tid == 0) {
        float n = __int2float_rn(places);
        float mean = __fdiv_rn(__int2float_rn(s_sum[0]), n);
        vars[blockIdx.x] = __fsub_rn(__fdiv_rn(__int2float_rn(s_squares[0]), n), __fmul_rn(mean, mean));
        maxs[blockIdx.x] = s_largest[0];
    }
}
