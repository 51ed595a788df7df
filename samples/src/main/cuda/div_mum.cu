// Divergence study, MUM (shaped like MUMmerGPU's suffix-tree walk; Fung thesis Table 3.1, divergent set).
// A trie over the reference's substrings (4 children per node, -1 for none; firstChild[node] = the child an
// ambiguous base follows). One thread per query: for every start position it walks the trie as deep as the
// query matches and keeps the longest match. An ambiguous base ('N', code 4) is tolerated up to maxAmbiguous
// times per walk (the walk follows the node's first child); one more ends the walk. That break sits in one arm
// of a branch inside the walk loop, so the branch's immediate post-dominator lies after the loop while the
// threads of both arms usually meet again at the loop's back edge: a likely-convergence point (thesis S3.4).
extern "C" __global__ void mum_walk(const unsigned char* __restrict__ queries, int queryLength, int queryCount,
                                    const int* __restrict__ children, const int* __restrict__ firstChild, int maxAmbiguous,
                                    int* __restrict__ bestLength, int* __restrict__ bestStart) {
    int q = blockIdx.x * blockDim.x + threadIdx.x;
    if (q >= queryCount) {
        return;
    }
    const unsigned char* s = queries + (long)q * queryLength;
    int best = 0;
    int bestAt = -1;
    for (int start = 0; start < queryLength; start++) {
        int node = 0;
        int length = 0;
        int ambiguous = 0;
        for (int i = start; i < queryLength; i++) {
            int c = s[i];
            int child;
            if (c >= 4) {
                ambiguous++;
                if (ambiguous > maxAmbiguous) {
                    break;
                }
                child = firstChild[node];
            } else {
                child = children[node * 4 + c];
            }
            if (child < 0) {
                break;
            }
            node = child;
            length++;
        }
        if (length > best) {
            best = length;
            bestAt = start;
        }
    }
    bestLength[q] = best;
    bestStart[q] = bestAt;
}
