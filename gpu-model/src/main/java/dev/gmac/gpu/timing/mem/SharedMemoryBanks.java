package dev.gmac.gpu.timing.mem;

import java.util.Arrays;

/**
 * Computes how many passes a warp's shared-memory access needs (Fung thesis §2.3.3; GPGPU architecture slides,
 * bank-conflict examples): the shared memory has {@code banks} banks of {@code bankBytes}-wide words, word
 * {@code w} lives in bank {@code w mod banks}, one pass serves one word per bank, and lanes that read the same
 * word share it (broadcast). The degree is the largest number of distinct words any bank must serve.
 */
public final class SharedMemoryBanks {
    private final int banks;
    private final int wordShift;
    private final long[] words;
    private final int[] perBank;

    /** Banks for warps of up to {@code maxLanes} lanes, accesses of up to 16 bytes. */
    public SharedMemoryBanks(int banks, int bankBytes, int maxLanes) {
        if (Integer.bitCount(bankBytes) != 1) {
            throw new IllegalArgumentException("bank width must be a power of two, got " + bankBytes);
        }
        this.banks = banks;
        this.wordShift = Integer.numberOfTrailingZeros(bankBytes);
        this.words = new long[maxLanes * Math.max(1, 16 / bankBytes)];
        this.perBank = new int[banks];
    }

    /**
     * The conflict degree of {@code n} lanes accessing {@code accessBytes} bytes at {@code addresses[0..n)}: 1 when
     * conflict-free (or broadcast), N for an N-way conflict, 0 when {@code n == 0}.
     */
    public int conflictDegree(long[] addresses, int n, int accessBytes) {
        int m = 0;
        for (int i = 0; i < n; i++) {
            long first = addresses[i] >>> wordShift;
            long last = (addresses[i] + Math.max(1, accessBytes) - 1) >>> wordShift;
            for (long w = first; w <= last && m < words.length; w++) {
                words[m++] = w;
            }
        }
        if (m == 0) {
            return 0;
        }
        Arrays.sort(words, 0, m);
        Arrays.fill(perBank, 0);
        int degree = 0;
        long previous = -1;
        for (int i = 0; i < m; i++) {
            long w = words[i];
            if (w == previous) {
                continue;
            }
            previous = w;
            int b = (int) Math.floorMod(w, (long) banks);
            int d = ++perBank[b];
            if (d > degree) {
                degree = d;
            }
        }
        return degree;
    }
}
