// Divergence study, BFS (shaped like Rodinia's bfs, the thesis's BFS2; Fung thesis Table 3.1, divergent set).
// One thread per node of an irregular graph in CSR form (row offsets, column indices). Each level takes two
// launches: bfs_expand visits the edges of every frontier node (a loop whose trip count is the node's degree,
// which varies widely: the divergence), marking unvisited neighbours for the next frontier; bfs_advance makes
// the marked nodes the frontier and raises *changed. Every frontier node writes the same cost (its level + 1),
// so the result does not depend on the order threads run in.
extern "C" __global__ void bfs_expand(const int* __restrict__ row, const int* __restrict__ col, int* __restrict__ frontier, int* __restrict__ next,
                                      const int* __restrict__ visited, int* __restrict__ cost, int n) {
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n || frontier[v] == 0) {
        return;
    }
    frontier[v] = 0;
    int c = cost[v] + 1;
    int end = row[v + 1];
    for (int e = row[v]; e < end; e++) {
        int u = col[e];
        if (visited[u] == 0) {
            cost[u] = c;
            next[u] = 1;
        }
    }
}

extern "C" __global__ void bfs_advance(int* __restrict__ frontier, int* __restrict__ next, int* __restrict__ visited, int* __restrict__ changed, int n) {
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v < n && next[v] != 0) {
        frontier[v] = 1;
        visited[v] = 1;
        next[v] = 0;
        *changed = 1;
    }
}
