// Transfer study, sad (Parboil's SAD, after the JM H.264 encoder's full-pixel motion estimation; ADSM paper
// Table 2). One CTA per 8x8 macroblock of the current frame, one thread per candidate motion vector in
// [-range, range]^2; reference pixels outside the frame are clamped to its edge.
// sads[mb * side * side + candidate], side = 2 * range + 1.
extern "C" __global__ void sad_search(int width, int height, int range, const unsigned char* current,
                                      const unsigned char* reference, int* sads) {
    int side = 2 * range + 1;
    int candidate = threadIdx.x;
    if (candidate >= side * side) {
        return;
    }
    int mb = blockIdx.x;
    int mbPerRow = width / 8;
    int baseX = (mb % mbPerRow) * 8;
    int baseY = (mb / mbPerRow) * 8;
    int dx = candidate % side - range;
    int dy = candidate / side - range;
    int sum = 0;
    for (int y = 0; y < 8; ++y) {
        int cy = baseY + y;
        int ry = min(max(cy + dy, 0), height - 1);
        for (int x = 0; x < 8; ++x) {
            int cx = baseX + x;
            int rx = min(max(cx + dx, 0), width - 1);
            sum += abs((int)current[cy * width + cx] - (int)reference[ry * width + rx]);
        }
    }
    sads[mb * side * side + candidate] = sum;
}
