package dev.gmac.gpu;

/**
 * The shape of a {@link SoftwareGpu}: device memory size, scheduling seed, watchdog and per-CTA / per-thread
 * limits. Immutable; built with {@link #builder()}.
 *
 * <p>The hardware the launches simulate by default: the warp width ({@link #warpSize()}, 32 lanes as NVIDIA's,
 * Fung thesis §2.1.2, or 64 as AMD's wavefronts), the divergence model ({@link #divergence()}) and the
 * transactional-memory model ({@link #tm()}); each launch may override them with {@link LaunchOptions}. Warp
 * scheduling in the functional model is deterministic for a given {@link #seed()}: the same PTX, inputs,
 * configuration and seed give the same results and statistics.
 */
public final class GpuConfig {
    /** Lanes per warp unless configured otherwise. */
    public static final int WARP_SIZE = 32;

    private final long globalMemoryBytes;
    private final long seed;
    private final long watchdogWarpSteps;
    private final long stallWarpSteps;
    private final long maxWarpInstructions;
    private final long maxWallMillis;
    private final long stallMillis;
    private final int maxResidentCtas;
    private final int sharedMemoryPerCta;
    private final int localMemoryPerThread;
    private final int schedulingQuantum;
    private final int warpSize;
    private final String divergence;
    private final String tm;
    private final long deviceHeapBytes;
    private final int printfBufferBytes;

    private GpuConfig(Builder b) {
        this.globalMemoryBytes = b.globalMemoryBytes;
        this.seed = b.seed;
        this.watchdogWarpSteps = b.watchdogWarpSteps;
        this.stallWarpSteps = b.stallWarpSteps;
        this.maxWarpInstructions = b.maxWarpInstructions;
        this.maxWallMillis = b.maxWallMillis;
        this.stallMillis = b.stallMillis;
        this.maxResidentCtas = b.maxResidentCtas;
        this.sharedMemoryPerCta = b.sharedMemoryPerCta;
        this.localMemoryPerThread = b.localMemoryPerThread;
        this.schedulingQuantum = b.schedulingQuantum;
        this.warpSize = b.warpSize;
        this.divergence = b.divergence;
        this.tm = b.tm;
        this.deviceHeapBytes = b.deviceHeapBytes;
        this.printfBufferBytes = b.printfBufferBytes;
    }

    /** 32-lane warps, 1 GiB of device memory (allocated lazily, per allocation), seed 0. */
    public static GpuConfig defaults() {
        return builder().build();
    }

    /** A builder holding the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this configuration's values. */
    public Builder toBuilder() {
        return new Builder()
                .globalMemoryBytes(globalMemoryBytes)
                .seed(seed)
                .watchdogWarpSteps(watchdogWarpSteps)
                .stallWarpSteps(stallWarpSteps)
                .maxWarpInstructions(maxWarpInstructions)
                .maxWallMillis(maxWallMillis)
                .stallMillis(stallMillis)
                .maxResidentCtas(maxResidentCtas)
                .sharedMemoryPerCta(sharedMemoryPerCta)
                .localMemoryPerThread(localMemoryPerThread)
                .schedulingQuantum(schedulingQuantum)
                .warpSize(warpSize)
                .divergence(divergence)
                .tm(tm)
                .deviceHeapBytes(deviceHeapBytes)
                .printfBufferBytes(printfBufferBytes);
    }

    /** Bytes of device global memory that allocations may use in total (default 1 GiB). */
    public long globalMemoryBytes() {
        return globalMemoryBytes;
    }

    /** Seed of the deterministic warp scheduler (default 0). */
    public long seed() {
        return seed;
    }

    /**
     * Warp instructions the whole launch may execute without progress before it is stopped with a {@link
     * FaultKind#WATCHDOG} fault. Progress is a thread finishing, a barrier releasing, or a store or atomic
     * that changes memory (a store of the value already there is not). Default 2^25 (about a second of a
     * spinning warp).
     */
    public long watchdogWarpSteps() {
        return watchdogWarpSteps;
    }

    /**
     * Warp instructions the whole launch may execute while no thread finishes before it is stopped with a {@link
     * FaultKind#WATCHDOG} fault: catches loops that change memory forever (a counter incremented in a loop, a
     * barrier passed in a loop). Default 2^28. {@link #stallMillis()} bounds the same stall in wall time.
     */
    public long stallWarpSteps() {
        return stallWarpSteps;
    }

    /**
     * Warp instructions one launch may execute in total (the launch budget). A grid whose warps must together
     * issue more (at least the kernel's shortest path per warp) is refused before it starts. Default 2^36.
     */
    public long maxWarpInstructions() {
        return maxWarpInstructions;
    }

    /**
     * Wall-clock milliseconds a launch may run while no thread finishes (and at least 2^22 warp instructions
     * issue) before it is stopped with a {@link FaultKind#WATCHDOG} fault; default 30,000. Loops whose instructions
     * are slow to simulate (atomics of every lane, a barrier each iteration) reach it before {@link
     * #stallWarpSteps()}.
     */
    public long stallMillis() {
        return stallMillis;
    }

    /**
     * Wall-clock milliseconds one launch may run before it is stopped with a {@link FaultKind#WATCHDOG} fault
     * (default 600,000: ten minutes). Unlike the instruction budgets, when it strikes depends on the machine.
     */
    public long maxWallMillis() {
        return maxWallMillis;
    }

    /** CTAs that are resident (interleaved) at the same time; later CTAs start as earlier ones finish. */
    public int maxResidentCtas() {
        return maxResidentCtas;
    }

    /** Largest static plus dynamic shared memory of one CTA, in bytes (default 96 KiB). */
    public int sharedMemoryPerCta() {
        return sharedMemoryPerCta;
    }

    /** Largest per-thread local memory (stack frames and {@code .local} arrays), in bytes (default 64 KiB). */
    public int localMemoryPerThread() {
        return localMemoryPerThread;
    }

    /** Warp instructions a warp runs before the functional scheduler picks again (default 256). */
    public int schedulingQuantum() {
        return schedulingQuantum;
    }

    /** Lanes per warp: 32 (default) or 64. */
    public int warpSize() {
        return warpSize;
    }

    /** The divergence model launches use unless they choose one (default {@code pdom}). */
    public String divergence() {
        return divergence;
    }

    /** The transactional-memory model launches use unless they choose one (default none: null). */
    public String tm() {
        return tm;
    }

    /**
     * Bytes of the heap that device {@code malloc} allocates from, per launch (default 8 MiB, CUDA's default {@code
     * cudaLimitMallocHeapSize}). The heap is device memory reserved at a launch's first {@code malloc} and released
     * when the launch ends; a {@code malloc} that does not fit returns NULL, as on CUDA.
     */
    public long deviceHeapBytes() {
        return deviceHeapBytes;
    }

    /**
     * Bytes of device {@code printf} output a launch keeps (default 1 MiB, CUDA's default {@code
     * cudaLimitPrintfFifoSize}); later output is dropped and a note says so.
     */
    public int printfBufferBytes() {
        return printfBufferBytes;
    }

    @Override
    public String toString() {
        return "GpuConfig{globalMemoryBytes=" + globalMemoryBytes + ", seed=" + seed + ", watchdogWarpSteps="
                + watchdogWarpSteps + ", stallWarpSteps=" + stallWarpSteps + ", maxWarpInstructions="
                + maxWarpInstructions + ", maxWallMillis=" + maxWallMillis + ", stallMillis=" + stallMillis
                + ", maxResidentCtas=" + maxResidentCtas
                + ", sharedMemoryPerCta="
                + sharedMemoryPerCta + ", localMemoryPerThread=" + localMemoryPerThread + ", schedulingQuantum="
                + schedulingQuantum + ", warpSize=" + warpSize + ", divergence=" + divergence + ", tm=" + tm
                + ", deviceHeapBytes=" + deviceHeapBytes + ", printfBufferBytes=" + printfBufferBytes + "}";
    }

    /** Mutable builder of {@link GpuConfig}. */
    public static final class Builder {
        private long globalMemoryBytes = 1L << 30;
        private long seed;
        private long watchdogWarpSteps = 1L << 25;
        private long stallWarpSteps = 1L << 28;
        private long maxWarpInstructions = 1L << 36;
        private long maxWallMillis = 600_000;
        private long stallMillis = 30_000;
        private int maxResidentCtas = 8;
        private int sharedMemoryPerCta = 96 * 1024;
        private int localMemoryPerThread = 64 * 1024;
        private int schedulingQuantum = 256;
        private int warpSize = WARP_SIZE;
        private String divergence = "pdom";
        private String tm;
        private long deviceHeapBytes = 8L << 20;
        private int printfBufferBytes = 1 << 20;

        private Builder() {}

        /** The device {@code malloc} heap of each launch, in bytes (1 to {@code GlobalMemory.MAX_ALLOCATION}). */
        public Builder deviceHeapBytes(long bytes) {
            if (bytes < 1 || bytes > dev.gmac.gpu.exec.GlobalMemory.MAX_ALLOCATION) {
                throw new IllegalArgumentException("deviceHeapBytes must be in 1.."
                        + dev.gmac.gpu.exec.GlobalMemory.MAX_ALLOCATION + ", got " + bytes);
            }
            this.deviceHeapBytes = bytes;
            return this;
        }

        /** Device {@code printf} output kept per launch, in bytes (at least 1). */
        public Builder printfBufferBytes(int bytes) {
            if (bytes < 1) {
                throw new IllegalArgumentException("printfBufferBytes must be >= 1, got " + bytes);
            }
            this.printfBufferBytes = bytes;
            return this;
        }

        /** Device memory capacity in bytes (at least 1). */
        public Builder globalMemoryBytes(long bytes) {
            if (bytes < 1) {
                throw new IllegalArgumentException("globalMemoryBytes must be >= 1, got " + bytes);
            }
            this.globalMemoryBytes = bytes;
            return this;
        }

        /** Scheduler seed. */
        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        /** Watchdog budget in warp instructions without progress (at least 1). */
        public Builder watchdogWarpSteps(long steps) {
            if (steps < 1) {
                throw new IllegalArgumentException("watchdogWarpSteps must be >= 1, got " + steps);
            }
            this.watchdogWarpSteps = steps;
            return this;
        }

        /** Budget of warp instructions while no thread finishes (at least 1). */
        public Builder stallWarpSteps(long steps) {
            if (steps < 1) {
                throw new IllegalArgumentException("stallWarpSteps must be >= 1, got " + steps);
            }
            this.stallWarpSteps = steps;
            return this;
        }

        /** Budget of warp instructions of one launch (at least 1). */
        public Builder maxWarpInstructions(long instructions) {
            if (instructions < 1) {
                throw new IllegalArgumentException("maxWarpInstructions must be >= 1, got " + instructions);
            }
            this.maxWarpInstructions = instructions;
            return this;
        }

        /** Wall-clock budget of one launch in milliseconds (at least 1). */
        public Builder maxWallMillis(long millis) {
            if (millis < 1) {
                throw new IllegalArgumentException("maxWallMillis must be >= 1, got " + millis);
            }
            this.maxWallMillis = millis;
            return this;
        }

        /** Wall-clock budget in milliseconds while no thread finishes (at least 1). */
        public Builder stallMillis(long millis) {
            if (millis < 1) {
                throw new IllegalArgumentException("stallMillis must be >= 1, got " + millis);
            }
            this.stallMillis = millis;
            return this;
        }

        /** Number of CTAs interleaved at once (at least 1). */
        public Builder maxResidentCtas(int ctas) {
            if (ctas < 1) {
                throw new IllegalArgumentException("maxResidentCtas must be >= 1, got " + ctas);
            }
            this.maxResidentCtas = ctas;
            return this;
        }

        /** Shared memory limit per CTA in bytes (at least 0). */
        public Builder sharedMemoryPerCta(int bytes) {
            if (bytes < 0) {
                throw new IllegalArgumentException("sharedMemoryPerCta must be >= 0, got " + bytes);
            }
            this.sharedMemoryPerCta = bytes;
            return this;
        }

        /** Local memory limit per thread in bytes (at least 0). */
        public Builder localMemoryPerThread(int bytes) {
            if (bytes < 0) {
                throw new IllegalArgumentException("localMemoryPerThread must be >= 0, got " + bytes);
            }
            this.localMemoryPerThread = bytes;
            return this;
        }

        /** Scheduling quantum in warp instructions (at least 1). */
        public Builder schedulingQuantum(int instructions) {
            if (instructions < 1) {
                throw new IllegalArgumentException("schedulingQuantum must be >= 1, got " + instructions);
            }
            this.schedulingQuantum = instructions;
            return this;
        }

        /** Lanes per warp: 32 or 64. */
        public Builder warpSize(int lanes) {
            if (lanes != 32 && lanes != 64) {
                throw new IllegalArgumentException("warpSize must be 32 or 64, got " + lanes);
            }
            this.warpSize = lanes;
            return this;
        }

        /** The default divergence model ({@code pdom}, {@code its}). */
        public Builder divergence(String name) {
            dev.gmac.gpu.exec.DivergenceModels.check(name);
            this.divergence = name;
            return this;
        }

        /** The default transactional-memory model ({@code cgl}), or null for none. */
        public Builder tm(String name) {
            if (name != null) {
                dev.gmac.gpu.exec.TmModels.check(name);
            }
            this.tm = name;
            return this;
        }

        /** The configuration. */
        public GpuConfig build() {
            return new GpuConfig(this);
        }
    }
}
