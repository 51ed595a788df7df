// Predicate logic: nvcc keeps boolean values in predicate registers and combines them with
// and/or/xor/not.pred, copies them with mov.pred, and branches on them with bra.uni when it knows the
// branch is uniform; setp with .and/.or combining.
// For a = xs[i], b = ys[i], c = zs[i]: out[i] bit k set when test k holds:
//  0 (a > 0) & (b > 0)   1 (a > 0) | (c < 0)   2 (a > b) ^ (b > c)   3 !(a == c)
//  4 the loop below ended by its flag (a flag carried around a loop in a predicate register)
//  5 ((a & 1) != 0) == ((b & 1) != 0)   6 (a >= b) & !(c >= b) | (a == 0)
extern "C" __global__ void pred_logic(const int* xs, const int* ys, const int* zs, unsigned* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int a = xs[i], b = ys[i], c = zs[i];
        bool p0 = (a > 0) & (b > 0);
        bool p1 = (a > 0) | (c < 0);
        bool p2 = (a > b) ^ (b > c);
        bool p3 = !(a == c);
        bool flag = false;
        int k = a & 15;
        while (k > 0 && !flag) {
            flag = ((k * b) & 7) == 3;
            --k;
        }
        bool p5 = ((a & 1) != 0) == ((b & 1) != 0);
        bool p6 = ((a >= b) & !(c >= b)) | (a == 0);
        out[i] = (p0 ? 1u : 0u) | (p1 ? 2u : 0u) | (p2 ? 4u : 0u) | (p3 ? 8u : 0u) | (flag ? 16u : 0u)
                 | (p5 ? 32u : 0u) | (p6 ? 64u : 0u);
    }
}
