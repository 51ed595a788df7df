// Breadth-first search in the shape of the classic two-kernel GPU BFS: the graph is an array of Node
// structs (first edge, edge count) over an edge list; every level runs two kernels. bfs_expand: each
// node of the frontier (mask) leaves the frontier and gives every unvisited neighbour its cost + 1 and
// marks it in `updating`. bfs_commit: each updated node joins the frontier and the visited set and sets
// *more = 1, so the host (here: a `gmac ptx run` loop with "untilZero": "more") repeats the level until
// a level finds nothing new. Racing writers of cost[id] all store the same value. C++ linkage on
// purpose: the spec names the kernels by their CUDA names. Our own code.

struct Node {
    int start;
    int edges;
};

__global__ void bfs_expand(const Node* nodes, const int* edges, unsigned char* mask, unsigned char* updating,
                           const unsigned char* visited, int* cost, int n) {
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v < n && mask[v]) {
        mask[v] = 0;
        Node node = nodes[v];
        for (int e = node.start; e < node.start + node.edges; ++e) {
            int w = edges[e];
            if (!visited[w]) {
                cost[w] = cost[v] + 1;
                updating[w] = 1;
            }
        }
    }
}

__global__ void bfs_commit(unsigned char* mask, unsigned char* updating, unsigned char* visited, int* more, int n) {
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v < n && updating[v]) {
        mask[v] = 1;
        visited[v] = 1;
        *more = 1;
        updating[v] = 0;
    }
}
