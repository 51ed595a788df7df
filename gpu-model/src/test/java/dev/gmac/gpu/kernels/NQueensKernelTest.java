package dev.gmac.gpu.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gmac.gpu.Dim3;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * {@code nqueens.cu}: thread {@code i} places the first two queens at columns {@code (i / n, i % n)} and counts the
 * completions with an explicit DFS whose stack is a per-thread {@code .local} array indexed by a run-time depth.
 * The reference is an ordinary recursive backtracking search over a board.
 */
class NQueensKernelTest {
    private static int completions(int n, int[] cols, int row) {
        if (row == n) {
            return 1;
        }
        int count = 0;
        for (int c = 0; c < n; c++) {
            boolean ok = true;
            for (int r = 0; r < row && ok; r++) {
                ok = cols[r] != c && Math.abs(cols[r] - c) != row - r;
            }
            if (ok) {
                cols[row] = c;
                count += completions(n, cols, row + 1);
            }
        }
        return count;
    }

    private static int[] expectedCounts(int n) {
        int[] counts = new int[n * n];
        for (int i = 0; i < n * n; i++) {
            int c0 = i / n;
            int c1 = i % n;
            if (Math.abs(c0 - c1) > 1) {
                int[] cols = new int[n];
                cols[0] = c0;
                cols[1] = c1;
                counts[i] = completions(n, cols, 2);
            }
        }
        return counts;
    }

    private static int[] run(int n, int block) {
        try (KernelRunner r = new KernelRunner("nqueens")) {
            long d = r.allocate(4L * n * n);
            r.launch("nqueens_count", Dim3.of(KernelRunner.blocksFor(n * n, block)), Dim3.of(block), n, d);
            return r.downloadInts(d, n * n);
        }
    }

    @Test
    void eightQueensHas92Solutions() {
        int[] counts = run(8, 32);
        assertArrayEquals(expectedCounts(8), counts);
        assertEquals(92, Arrays.stream(counts).sum());
    }

    @Test
    void nineQueensOverTwoPartialCtas() {
        int[] counts = run(9, 64); // 81 threads: CTA 1 has 17 active threads
        assertArrayEquals(expectedCounts(9), counts);
        assertEquals(352, Arrays.stream(counts).sum());
    }

    @Test
    void smallBoards() {
        assertEquals(0, Arrays.stream(run(3, 32)).sum());
        assertEquals(2, Arrays.stream(run(4, 32)).sum());
        assertEquals(10, Arrays.stream(run(5, 32)).sum());
    }
}
