package dev.gmac.gpu.tm.local;

/**
 * Where GPU-LocalTM keeps its shadow memory in a work-group's local (shared) memory (Villegas et al., "GPU-LocalTM:
 * A Lightweight Transactional Memory for GPU Local Memory", Euro-Par 2016 Workshops, §3 "Version Management",
 * Fig 4(b)): for the {@code N} words the kernel declares, {@code N} backup words follow them (the backup of word
 * {@code k} is word {@code N + k}), then {@code N/4} ownership words of four one-byte owners each (the owner of word
 * {@code k} is byte {@code k % 4} of word {@code 2N + k/4}). The compiler allocates the area statically like any
 * local variable, so every word has room for its backup and no capacity conflict can occur; the cost is {@code 1.25N}
 * extra words, about 56% of the physical local memory when the kernel uses the most it can (§4 "Storage
 * Overhead"), which lowers occupancy.
 *
 * @param kernelBytes the kernel's static plus dynamic shared bytes
 * @param words       {@code N}: the kernel's bytes in 4-byte words, rounded up
 */
public record ShadowLayout(int kernelBytes, int words) {
    /** Bytes per word (the local-memory bank width of the paper's Southern Islands LDS). */
    public static final int WORD_BYTES = 4;

    /** The layout for a kernel with {@code kernelBytes} of shared memory. */
    public static ShadowLayout of(int kernelBytes) {
        if (kernelBytes < 0) {
            throw new IllegalArgumentException("shared bytes must be >= 0, got " + kernelBytes);
        }
        return new ShadowLayout(kernelBytes, (kernelBytes + WORD_BYTES - 1) / WORD_BYTES);
    }

    /** Ownership words: one byte per kernel word, four to a word. */
    public int ownerWords() {
        return (words + 3) / 4;
    }

    /** Bytes the work-group occupies: the kernel's words, their backups and the ownership words. */
    public int footprintBytes() {
        return (2 * words + ownerWords()) * WORD_BYTES;
    }

    /** Byte offset of the backup of word {@code k} (word {@code N + k}). */
    public int backupOffset(int k) {
        return (words + k) * WORD_BYTES;
    }

    /** Byte offset of the owner of word {@code k} (byte {@code k % 4} of word {@code 2N + k/4}). */
    public int ownerOffset(int k) {
        return (2 * words + k / 4) * WORD_BYTES + k % 4;
    }

    /** Byte offset of the ownership word holding word {@code k}'s owner. */
    public int ownerWordOffset(int k) {
        return (2 * words + k / 4) * WORD_BYTES;
    }

    /** The largest kernel size, in bytes, whose layout fits in {@code physicalBytes} of local memory. */
    public static int largestKernelBytes(int physicalBytes) {
        int n = physicalBytes / WORD_BYTES * 4 / 9; // 2N + N/4 <= words
        while (n > 0 && new ShadowLayout(n * WORD_BYTES, n).footprintBytes() > physicalBytes) {
            n--;
        }
        while (new ShadowLayout((n + 1) * WORD_BYTES, n + 1).footprintBytes() <= physicalBytes) {
            n++;
        }
        return n * WORD_BYTES;
    }
}
