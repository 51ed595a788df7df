package dev.gmac.samples.tmstudy;

/**
 * Input sizes of the TM study: the thesis's inputs (Fung thesis Tables 4.2 and 6.2), or the same workloads scaled
 * down so a whole study fits in minutes. Scaling keeps each workload's contention: threads and data shrink together
 * (a hash table keeps its inserts per bucket, the bank its transfers per account).
 */
public enum TmScale {
    /** The thesis's inputs. */
    FULL(1),
    /** One eighth of the threads and data: the study's default. */
    SMALL(8),
    /** One sixty-fourth: the correctness harness's unit tests. */
    TINY(64);

    private final int divisor;

    TmScale(int divisor) {
        this.divisor = divisor;
    }

    /** {@code full} scaled down, at least {@code min}. */
    public int of(int full, int min) {
        return Math.max(min, full / divisor);
    }

    /** The divisor applied to the thesis's sizes. */
    public int divisor() {
        return divisor;
    }

    /** The name in lower case (for the command line and reports). */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
