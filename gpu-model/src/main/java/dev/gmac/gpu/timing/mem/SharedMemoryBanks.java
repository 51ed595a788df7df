package dev.gmac.gpu.timing.mem;

/**
 * Computes how many passes a warp's shared-memory access needs (Fung thesis §2.3.3; GPGPU architecture slides,
 * bank-conflict examples): the shared memory has {@code banks} banks of {@code bankBytes}-wide words, word
 * {@code w} lives in bank {@code w mod banks}, one pass serves one word per bank, and lanes that read the same
 * word share it (broadcast). The degree is the largest number of distinct words any bank must serve.
 */
public final class SharedMemoryBanks {
    private final int banks;
    private final int bankMask;
    private final int wordShift;
    private final long[] setWords;
    private final int[] setStamp;
    private final int setMask;
    private final int[] count;
    private final int[] countStamp;
    private int generation;

    /** Banks for warps of up to {@code maxLanes} lanes, accesses of up to 16 bytes. */
    public SharedMemoryBanks(int banks, int bankBytes, int maxLanes) {
        if (Integer.bitCount(bankBytes) != 1) {
            throw new IllegalArgumentException("bank width must be a power of two, got " + bankBytes);
        }
        this.banks = banks;
        this.bankMask = Integer.bitCount(banks) == 1 ? banks - 1 : -1;
        this.wordShift = Integer.numberOfTrailingZeros(bankBytes);
        int maxWords = maxLanes * Math.max(1, 16 / bankBytes);
        int size = Integer.highestOneBit(maxWords * 2 - 1) * 2;
        this.setWords = new long[size];
        this.setStamp = new int[size];
        this.setMask = size - 1;
        this.count = new int[banks];
        this.countStamp = new int[banks];
    }

    /**
     * The conflict degree of {@code n} lanes accessing {@code accessBytes} bytes at {@code addresses[0..n)}: 1 when
     * conflict-free (or broadcast), N for an N-way conflict, 0 when {@code n == 0}. Distinct words are found with
     * a small hash set cleared by generation stamps, so the cost is linear in the words touched.
     */
    public int conflictDegree(long[] addresses, int n, int accessBytes) {
        int gen = ++generation;
        int degree = 0;
        int bytes = Math.max(1, accessBytes);
        for (int i = 0; i < n; i++) {
            long first = addresses[i] >>> wordShift;
            long last = (addresses[i] + bytes - 1) >>> wordShift;
            for (long w = first; w <= last; w++) {
                if (!addWord(w, gen)) {
                    continue;
                }
                int b = bankMask >= 0 ? (int) w & bankMask : (int) Math.floorMod(w, (long) banks);
                int c = countStamp[b] == gen ? count[b] + 1 : 1;
                count[b] = c;
                countStamp[b] = gen;
                if (c > degree) {
                    degree = c;
                }
            }
        }
        return degree;
    }

    /** Adds {@code w} to this access's word set; false when it was already there (a broadcast). */
    private boolean addWord(long w, int gen) {
        int i = (int) ((w * 0x9E3779B97F4A7C15L) >>> 40) & setMask;
        while (setStamp[i] == gen) {
            if (setWords[i] == w) {
                return false;
            }
            i = (i + 1) & setMask;
        }
        setStamp[i] = gen;
        setWords[i] = w;
        return true;
    }
}
