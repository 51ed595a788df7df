package dev.gmac.gpu.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.gmac.gpu.Dim3;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code transpose.cu}: naive, shared-memory and padded shared-memory transposes of a ragged matrix with 32x32
 * blocks (so edge tiles are partly outside the matrix). All three must give the exact transpose.
 */
class TransposeKernelTest {
    private static final int TILE = 32;

    private static float[] randomMatrix(int rows, int cols) {
        Random rnd = new Random(rows * 31L + cols);
        float[] m = new float[rows * cols];
        for (int i = 0; i < m.length; i++) {
            m[i] = rnd.nextFloat();
        }
        return m;
    }

    private static float[] transpose(float[] in, int rows, int cols) {
        float[] out = new float[in.length];
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                out[c * rows + r] = in[r * cols + c];
            }
        }
        return out;
    }

    private static void check(String kernel, int rows, int cols, Dim3 block) {
        float[] in = randomMatrix(rows, cols);
        try (KernelRunner r = new KernelRunner("transpose")) {
            long dIn = r.upload(in);
            long dOut = r.allocate(4L * rows * cols);
            Dim3 grid = Dim3.of(KernelRunner.blocksFor(cols, TILE), KernelRunner.blocksFor(rows, TILE));
            r.launch(kernel, grid, block, dIn, dOut, rows, cols);
            assertArrayEquals(transpose(in, rows, cols), r.downloadFloats(dOut, rows * cols), kernel);
        }
    }

    @Test
    void naive() {
        check("transpose_naive", 45, 70, Dim3.of(TILE, TILE));
    }

    @Test
    void sharedUnpadded() {
        check("transpose_shared", 45, 70, Dim3.of(TILE, TILE));
    }

    @Test
    void sharedPadded() {
        check("transpose_shared_padded", 70, 45, Dim3.of(TILE, TILE));
    }

    @Test
    void sharedPaddedSquareMultipleOfTile() {
        check("transpose_shared_padded", 64, 64, Dim3.of(TILE, TILE));
    }
}
