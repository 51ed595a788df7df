package dev.gmac.gpu.tm;

/**
 * Every parameter of the transactional-memory hardware (Fung thesis Ch4 and Ch6; digest §1.6 and §8.1), as one
 * immutable value. The timing presets set them with the {@code tm.*} keys ({@code
 * dev.gmac.gpu.timing.config.TimingConfig#tm()}); a functional launch without a preset uses {@link #DEFAULTS}.
 * Sizes of 0 mean "unbounded" where the thesis evaluated an unbounded structure.
 *
 * @param concurrency         transaction warps per core admitted at once (§4.2.6; 0: no limit)
 * @param watchdog            warp instructions one attempt may issue before the watchdog forces a validation
 *                            (§4.2.2: doomed transactions are aborted; the thesis does not give the period)
 * @param cuClockMhz          commit unit clock (Table 4.4: 650 MHz; Table 6.1: 700 MHz)
 * @param cuL2Latency         core cycles from a commit unit's access to its partition's L2 slice to the data, on a
 *                            hit (ours: the unit sits beside the L2, so it skips the crossbar and the queues that
 *                            the thesis's 330/460-cycle minimum L2 latency of a core's access includes; decision
 *                            0340)
 * @param cuEntries           commit-unit ring entries per partition, handed out as per-core credits (§4.2.5;
 *                            0: enough for every in-flight transaction, as the thesis evaluated)
 * @param cuBufferWords       read-set and write-set buffer words per commit entry; larger sets are resent by the
 *                            core (§4.2.5 "Unbounded Transactions"; 0: unbounded)
 * @param cuPortBytes         bytes per cycle of the commit unit's read/write buffer port, base Kilo TM (4: one
 *                            word per cycle, §6.2.2); one port for every stage that touches a log entry: intake,
 *                            hazard detection, validation and commit (decision 0342)
 * @param warpPortBytes       the same port with WarpTM (§6.2.2: 64 bytes)
 * @param hazardRate          last-writer-history operations per commit-unit cycle (1; 2 for the ablation's
 *                            2x-clocked hazard detection, §6.7.3)
 * @param lwhEntries          last-writer-history lookup-table entries (512 in the 5 kB LWH, §4.4.3)
 * @param lwhAssoc            lookup-table ways (4)
 * @param lwhBuckets          recency-bloom-filter buckets over all sub-arrays (1024)
 * @param lwhSubArrays        recency-bloom-filter sub-arrays, one H3 hash each (4)
 * @param cidLatency          core cycles from a warp's CID request to the contiguous CIDs arriving from the
 *                            central vendor (ours: the thesis gives none)
 * @param resolution          intra-warp conflict resolution of WarpTM (§6.3)
 * @param resolutionEntries   entries of the 2PCR ownership table (one byte each) or bytes of the SCR bloom filter
 *                            (4096: the 4 kB per-warp buffer, §6.3.1)
 * @param resolutionBuffers   resolution buffers multiplexed in a core's shared memory (3)
 * @param aggregation         WarpTM aggregates the outcome and final-outcome messages per warp (§6.2.1)
 * @param coalescing          WarpTM coalesces a warp's validation reads and commit writes per block (§6.2.1)
 * @param tcdEntries          last-written-time table entries per partition over all sub-arrays (2048, §6.4.2)
 * @param tcdSubArrays        last-written-time table sub-arrays (4)
 * @param tcdBlockBytes       temporal-conflict-detection granularity (128-byte blocks)
 * @param tcdFix              close the thesis's open gap: a commit unit marks its blocks pending from its
 *                            passing validation until the write lands, so a silent read-only commit never
 *                            snapshots a partial write-back (decision 0352)
 */
public record TmParams(
        int concurrency,
        int watchdog,
        double cuClockMhz,
        int cuL2Latency,
        int cuEntries,
        int cuBufferWords,
        int cuPortBytes,
        int warpPortBytes,
        int hazardRate,
        int lwhEntries,
        int lwhAssoc,
        int lwhBuckets,
        int lwhSubArrays,
        int cidLatency,
        Resolution resolution,
        int resolutionEntries,
        int resolutionBuffers,
        boolean aggregation,
        boolean coalescing,
        int tcdEntries,
        int tcdSubArrays,
        int tcdBlockBytes,
        boolean tcdFix) {

    /** Intra-warp conflict resolution schemes (Fung thesis §6.3). */
    public enum Resolution {
        /** Two-phase parallel resolution with an ownership table in shared memory (2PCR, the thesis's default). */
        TWO_PHASE("2pcr"),
        /** Sequential resolution with a bloom filter in shared memory (SCR). */
        SEQUENTIAL("scr"),
        /** Exact, zero-cost resolution (the ablation's ideal mode, §6.7.3). */
        IDEAL("ideal");

        private final String token;

        Resolution(String token) {
            this.token = token;
        }

        /** The name used in preset files. */
        public String token() {
            return token;
        }
    }

    /** The GTX 480 configuration of the thesis's Ch6 evaluation (Table 6.1), unlimited concurrency. */
    public static final TmParams DEFAULTS = new TmParams(
            0,
            1000,
            700,
            40,
            0,
            0,
            4,
            64,
            1,
            512,
            4,
            1024,
            4,
            20,
            Resolution.TWO_PHASE,
            4096,
            3,
            true,
            true,
            2048,
            4,
            128,
            true);

    public TmParams {
        positive("watchdog", watchdog);
        nonNegative("concurrency", concurrency);
        nonNegative("cuEntries", cuEntries);
        nonNegative("cuBufferWords", cuBufferWords);
        if (!(cuClockMhz > 0)) {
            throw new IllegalArgumentException("cuClockMhz must be positive, got " + cuClockMhz);
        }
        positive("cuL2Latency", cuL2Latency);
        positive("cuPortBytes", cuPortBytes);
        positive("warpPortBytes", warpPortBytes);
        positive("hazardRate", hazardRate);
        positive("lwhEntries", lwhEntries);
        positive("lwhAssoc", lwhAssoc);
        if (lwhEntries % lwhAssoc != 0) {
            throw new IllegalArgumentException(
                    "lwhEntries (" + lwhEntries + ") must be a multiple of lwhAssoc (" + lwhAssoc + ")");
        }
        positive("lwhSubArrays", lwhSubArrays);
        if (lwhBuckets < lwhSubArrays || lwhBuckets % lwhSubArrays != 0) {
            throw new IllegalArgumentException("lwhBuckets (" + lwhBuckets + ") must be a positive multiple of"
                    + " lwhSubArrays (" + lwhSubArrays + ")");
        }
        nonNegative("cidLatency", cidLatency);
        if (resolution == null) {
            throw new IllegalArgumentException("resolution must be set");
        }
        positive("resolutionEntries", resolutionEntries);
        positive("resolutionBuffers", resolutionBuffers);
        positive("tcdSubArrays", tcdSubArrays);
        if (tcdEntries < tcdSubArrays || tcdEntries % tcdSubArrays != 0) {
            throw new IllegalArgumentException("tcdEntries (" + tcdEntries + ") must be a positive multiple of"
                    + " tcdSubArrays (" + tcdSubArrays + ")");
        }
        if (tcdBlockBytes < 4 || Integer.bitCount(tcdBlockBytes) != 1) {
            throw new IllegalArgumentException(
                    "tcdBlockBytes must be a power of two of at least 4, got " + tcdBlockBytes);
        }
    }

    private static void positive(String name, long v) {
        if (v < 1) {
            throw new IllegalArgumentException(name + " must be at least 1, got " + v);
        }
    }

    private static void nonNegative(String name, long v) {
        if (v < 0) {
            throw new IllegalArgumentException(name + " must be at least 0, got " + v);
        }
    }

    /** These parameters with a concurrency limit of {@code warpsPerCore} (0: none). */
    public TmParams withConcurrency(int warpsPerCore) {
        Builder b = toBuilder();
        b.concurrency = warpsPerCore;
        return b.build();
    }

    /** These parameters with the watchdog period {@code warpInstructions}. */
    public TmParams withWatchdog(int warpInstructions) {
        Builder b = toBuilder();
        b.watchdog = warpInstructions;
        return b.build();
    }

    /** These parameters with the TCD gap fix on or off (off reproduces the thesis's design). */
    public TmParams withTcdFix(boolean fix) {
        Builder b = toBuilder();
        b.tcdFix = fix;
        return b.build();
    }

    /** These parameters with a commit unit's own L2 hit taking {@code cycles} core cycles. */
    public TmParams withCuL2Latency(int cycles) {
        Builder b = toBuilder();
        b.cuL2Latency = cycles;
        return b.build();
    }

    /** These parameters with intra-warp resolution {@code r}. */
    public TmParams withResolution(Resolution r) {
        Builder b = toBuilder();
        b.resolution = r;
        return b.build();
    }

    /** These parameters with commit-unit buffers of {@code words} words (0: unbounded). */
    public TmParams withBufferWords(int words) {
        Builder b = toBuilder();
        b.cuBufferWords = words;
        return b.build();
    }

    /** These parameters with a last writer history of the given geometry. */
    public TmParams withLwh(int entries, int assoc, int buckets, int subArrays) {
        Builder b = toBuilder();
        b.lwhEntries = entries;
        b.lwhAssoc = assoc;
        b.lwhBuckets = buckets;
        b.lwhSubArrays = subArrays;
        return b.build();
    }

    /** These parameters with WarpTM's message aggregation and coalescing switched (the ablation of §6.7.3). */
    public TmParams withWarpTm(boolean aggregate, boolean coalesce, int hazardOpsPerCycle) {
        Builder b = toBuilder();
        b.aggregation = aggregate;
        b.coalescing = coalesce;
        b.hazardRate = hazardOpsPerCycle;
        return b.build();
    }

    private Builder toBuilder() {
        Builder b = new Builder();
        b.concurrency = concurrency;
        b.watchdog = watchdog;
        b.cuClockMhz = cuClockMhz;
        b.cuL2Latency = cuL2Latency;
        b.cuEntries = cuEntries;
        b.cuBufferWords = cuBufferWords;
        b.cuPortBytes = cuPortBytes;
        b.warpPortBytes = warpPortBytes;
        b.hazardRate = hazardRate;
        b.lwhEntries = lwhEntries;
        b.lwhAssoc = lwhAssoc;
        b.lwhBuckets = lwhBuckets;
        b.lwhSubArrays = lwhSubArrays;
        b.cidLatency = cidLatency;
        b.resolution = resolution;
        b.resolutionEntries = resolutionEntries;
        b.resolutionBuffers = resolutionBuffers;
        b.aggregation = aggregation;
        b.coalescing = coalescing;
        b.tcdEntries = tcdEntries;
        b.tcdSubArrays = tcdSubArrays;
        b.tcdBlockBytes = tcdBlockBytes;
        b.tcdFix = tcdFix;
        return b;
    }

    /** Mutable copy of every field, for the {@code with} methods. */
    private static final class Builder {
        int concurrency;
        int watchdog;
        double cuClockMhz;
        int cuL2Latency;
        int cuEntries;
        int cuBufferWords;
        int cuPortBytes;
        int warpPortBytes;
        int hazardRate;
        int lwhEntries;
        int lwhAssoc;
        int lwhBuckets;
        int lwhSubArrays;
        int cidLatency;
        Resolution resolution;
        int resolutionEntries;
        int resolutionBuffers;
        boolean aggregation;
        boolean coalescing;
        int tcdEntries;
        int tcdSubArrays;
        int tcdBlockBytes;
        boolean tcdFix;

        TmParams build() {
            return new TmParams(
                    concurrency,
                    watchdog,
                    cuClockMhz,
                    cuL2Latency,
                    cuEntries,
                    cuBufferWords,
                    cuPortBytes,
                    warpPortBytes,
                    hazardRate,
                    lwhEntries,
                    lwhAssoc,
                    lwhBuckets,
                    lwhSubArrays,
                    cidLatency,
                    resolution,
                    resolutionEntries,
                    resolutionBuffers,
                    aggregation,
                    coalescing,
                    tcdEntries,
                    tcdSubArrays,
                    tcdBlockBytes,
                    tcdFix);
        }
    }
}
