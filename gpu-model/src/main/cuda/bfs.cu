// Breadth-first search on a graph in CSR form (row_offsets has nodes+1 entries, columns the edge
// targets), one level per launch. dist[v] == -1 means unvisited. Each thread owns one node; nodes on
// the current level expand their edges, and any thread that discovers a node sets *changed = 1, so the
// host relaunches with level+1 until a launch leaves *changed at 0. Racing writers all store the same
// value (level + 1), so the result is deterministic.
extern "C" __global__ void bfs_level(const int* row_offsets, const int* columns, int* dist, int nodes,
                                     int level, int* changed) {
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v < nodes && dist[v] == level) {
        for (int e = row_offsets[v]; e < row_offsets[v + 1]; ++e) {
            int w = columns[e];
            if (dist[w] == -1) {
                dist[w] = level + 1;
                *changed = 1;
            }
        }
    }
}
