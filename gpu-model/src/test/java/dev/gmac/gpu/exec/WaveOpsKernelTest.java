package dev.gmac.gpu.exec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.LaunchOptions;
import dev.gmac.gpu.ptx.PtxModule;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The wavefront-wide extension forms ({@code vote.ballot.b64}, {@code activemask.b64}, {@code shfl.wave}) through
 * {@code gmac_warp.cuh} (kernels in {@code src/test/cuda/wave_ops.cu}) at both warp widths and under both divergence
 * models: the channels' wavefront-amortized reservation (Orr et al., ISCA 2014, Fig 5: a leader lane, an
 * intra-wavefront prefix sum, one atomic per wavefront, a broadcast) written once and correct at 32 and 64 lanes.
 */
class WaveOpsKernelTest {
    @ParameterizedTest(name = "{0}, {1} lanes")
    @CsvSource({"pdom, 32", "pdom, 64", "its, 32", "its, 64"})
    void wavefrontAmortizedReservation(String div, int width) {
        int n = 1024;
        Random rnd = new Random(3);
        int[] counts = new int[n];
        for (int i = 0; i < n; i++) {
            counts[i] = rnd.nextInt(5);
        }
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.gpu().loadResource("/ptx/wave_ops.ptx");
            long slots = dev.zeros(4L * n);
            long tail = dev.ints(0);
            long atomics = dev.ints(0);
            long waveSize = dev.ints(0);
            dev.gpu()
                    .launch(
                            m,
                            "wave_reserve",
                            Dim3.of(8),
                            Dim3.of(128),
                            0,
                            new LaunchOptions(width, div, null),
                            dev.ints(counts),
                            slots,
                            tail,
                            atomics,
                            waveSize);
            int total = Arrays.stream(counts).sum();
            assertArrayEquals(new int[] {total}, dev.readInts(tail, 1), "every request reserved");
            assertArrayEquals(new int[] {n / width}, dev.readInts(atomics, 1), "one atomic per wavefront");
            assertArrayEquals(new int[] {width}, dev.readInts(waveSize, 1), "WARP_SZ");
            int[] s = dev.readInts(slots, n);
            boolean[] used = new boolean[total];
            for (int i = 0; i < n; i++) {
                for (int k = 0; k < counts[i]; k++) {
                    assertTrue(!used[s[i] + k], "slot " + (s[i] + k) + " given twice");
                    used[s[i] + k] = true;
                }
                if (i % width > 0) {
                    assertEquals(s[i - 1] + counts[i - 1], s[i], "lanes of a wavefront get consecutive ranges");
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}, {1} lanes")
    @CsvSource({"pdom, 32", "pdom, 64", "its, 32", "its, 64"})
    void sixtyFourBitBallotAndActiveMask(String div, int width) {
        int block = 128;
        int n = 2 * block;
        try (TestDevice dev = new TestDevice()) {
            PtxModule m = dev.gpu().loadResource("/ptx/wave_ops.ptx");
            long ballots = dev.zeros(8L * n);
            long masks = dev.zeros(8L * n);
            dev.gpu()
                    .launch(
                            m,
                            "wave_ballot",
                            Dim3.of(2),
                            Dim3.of(block),
                            0,
                            new LaunchOptions(width, div, null),
                            ballots,
                            masks);
            long[] b = dev.readLongs(ballots, n);
            long[] k = dev.readLongs(masks, n);
            for (int i = 0; i < n; i++) {
                int t = i % block;
                boolean active = !((t & 1) == 1 && t >= block / 2);
                if (!active) {
                    assertEquals(0, b[i]);
                    continue;
                }
                int first = i - i % width;
                long expectBallot = 0;
                long expectMask = 0;
                for (int l = 0; l < width; l++) {
                    int j = first + l;
                    int tj = j % block;
                    if (!((tj & 1) == 1 && tj >= block / 2)) {
                        expectMask |= 1L << l;
                        if (j % 3 == 0) {
                            expectBallot |= 1L << l;
                        }
                    }
                }
                assertEquals(expectBallot, b[i], "ballot of thread " + i);
                assertEquals(expectMask, k[i], "active mask of thread " + i);
            }
        }
    }
}
