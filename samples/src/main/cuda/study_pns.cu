// Transfer study, pns (Parboil's Petri-net simulation; ADSM paper Table 2). Every thread simulates one replica
// of the same net: each step draws a transition with a xorshift32 generator and fires it when both of its
// input places hold a token. Markings are stored place-major (marking[place * replicas + replica]).
// Each transition t has input places in[2t], in[2t+1] and output places out[2t], out[2t+1].
extern "C" __global__ void pns_fire(int replicas, int transitions, int steps, const int* in, const int* out,
                                   int* marking, unsigned* rng, int* fired) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= replicas) {
        return;
    }
    unsigned state = rng[r];
    int count = 0;
    for (int s = 0; s < steps; ++s) {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        int t = (int)(state % (unsigned)transitions);
        int a = in[2 * t] * replicas + r;
        int b = in[2 * t + 1] * replicas + r;
        if (marking[a] > 0 && marking[b] > 0) {
            marking[a] -= 1;
            marking[b] -= 1;
            marking[out[2 * t] * replicas + r] += 1;
            marking[out[2 * t + 1] * replicas + r] += 1;
            ++count;
        }
    }
    rng[r] = state;
    atomicAdd(fired, count);
}
