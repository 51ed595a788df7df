package dev.gmac.gpu.ptx;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

/**
 * The PTX front-end fuzzer (issue 16): mutants of our committed PTX ({@link PtxMutator}) are loaded through
 * {@link PtxModule#load} and, optionally, assembled by nvcc's {@code ptxas -arch=sm_75}. It counts untyped
 * exceptions (anything escaping load that is not a {@link PtxException}), cases past a time bound, and agreement
 * with ptxas on accept/reject. {@link PtxFuzzTest} runs a few thousand cases in the normal build; the long run is
 * this class's {@link #main}:
 *
 * <pre>
 * mvn -B -ntp -q -pl gpu-model test-compile
 * nice -n 19 java -Xmx2g -cp gpu-model/target/classes:gpu-model/target/test-classes dev.gmac.gpu.ptx.PtxFuzz \
 *     --cases 100000 --seed 1 --threads 2 --ptxas --ptxas-every 20 --out target/ptx-fuzz
 * </pre>
 *
 * <p>Case {@code i} of seed {@code s} is the same mutant on every run ({@code --case i} prints it).
 */
public final class PtxFuzz {
    /** What the front end (or ptxas) did with a mutant. */
    enum Verdict {
        ACCEPT,
        REJECT_SYNTAX,
        REJECT_UNSUPPORTED,
        UNTYPED,
        TIMEOUT
    }

    /** One case. */
    record Outcome(
            int index,
            String seedFile,
            List<String> mutations,
            String text,
            Verdict ours,
            String ourMessage,
            long nanos,
            Boolean ptxasAccepts,
            String ptxasMessage,
            List<Integer> ptxasErrorLines) {
        boolean weAccept() {
            return ours == Verdict.ACCEPT;
        }

        /** Why the two verdicts differ, or null when they agree (or ptxas gave none). */
        Disagreement disagreement() {
            if (ptxasAccepts == null || ours == Verdict.TIMEOUT || ours == Verdict.UNTYPED) {
                return null;
            }
            if (weAccept() == ptxasAccepts) {
                return null;
            }
            if (ptxasAccepts) {
                if (ours == Verdict.REJECT_UNSUPPORTED) {
                    return ourMessage.contains("(PtxLimits.") ? Disagreement.ENGINE_LIMIT : Disagreement.NOT_SUPPORTED;
                }
                return Disagreement.FRONT_END;
            }
            return onlyExtensionLines(text, ptxasErrorLines) ? Disagreement.EXTENSION : Disagreement.FRONT_END;
        }
    }

    /**
     * Why we and ptxas disagree on a mutant. Only {@link #FRONT_END} is a defect of ours: the others are decided
     * (decision 0401) and listed in {@code docs/ptx-fuzzing.md}.
     */
    enum Disagreement {
        /** We accept, and ptxas rejects only lines that hold this project's extension forms. */
        EXTENSION,
        /** We reject PTX that ptxas accepts because it exceeds one of this engine's own {@link PtxLimits}. */
        ENGINE_LIMIT,
        /** We reject valid PTX with an {@link UnsupportedPtxException}: a feature the engine does not run. */
        NOT_SUPPORTED,
        /** Anything else: we accept what ptxas rejects, or call valid PTX a syntax error. */
        FRONT_END
    }

    /**
     * The extension forms of the opcode table that are not NVIDIA PTX ({@code docs/ptx-support.md}): {@code
     * tx.begin}, {@code tx.commit}, {@code vote{.sync}.ballot.b64}, {@code activemask.b64}, {@code shfl.wave}.
     */
    static final Pattern EXTENSION_FORM = Pattern.compile(
            "(?<![A-Za-z0-9_$.])(tx\\.(begin|commit)|vote(\\.sync)?\\.ballot\\.b64|activemask\\.b64|shfl\\.wave)\\b");

    /** Whether ptxas named at least one error line and every one holds an extension form. */
    static boolean onlyExtensionLines(String text, List<Integer> errorLines) {
        if (errorLines == null || errorLines.isEmpty()) {
            return false;
        }
        String[] lines = text.split("\n", -1);
        for (int l : errorLines) {
            if (l < 1
                    || l > lines.length
                    || !EXTENSION_FORM.matcher(lines[l - 1]).find()) {
                return false;
            }
        }
        return true;
    }

    /** The counts of a run. */
    static final class Summary {
        final Map<Verdict, Integer> verdicts = new TreeMap<>();
        final List<Outcome> untyped = new ArrayList<>();
        final List<Outcome> slow = new ArrayList<>();
        final List<Outcome> disagreements = new ArrayList<>();
        final List<Outcome> crashes = new ArrayList<>();
        int cases;
        int ptxasCompared;
        int ptxasTimeouts;
        int ptxasCrashes;
        int ptxasNotNvidia;
        int agree;
        long maxNanos;
        Outcome slowest;
        int bothAccept;
        int bothReject;
        final Map<Disagreement, Integer> byReason = new TreeMap<>();

        void add(Outcome o, long boundNanos) {
            cases++;
            verdicts.merge(o.ours(), 1, Integer::sum);
            if (slowest == null || o.nanos() > maxNanos) {
                maxNanos = o.nanos();
                slowest = o;
            }
            if (o.ours() == Verdict.UNTYPED) {
                untyped.add(o);
            }
            if (o.ours() == Verdict.TIMEOUT || o.nanos() > boundNanos) {
                slow.add(o);
            }
            if (o.ptxasAccepts() == null) {
                if (o.ptxasMessage() != null && o.ptxasMessage().startsWith("ptxas crashed")) {
                    ptxasCrashes++;
                    crashes.add(o);
                } else if (o.ptxasMessage() != null) {
                    if (o.ptxasMessage().equals(NOT_NVIDIA_PTX)) {
                        ptxasNotNvidia++;
                    } else {
                        ptxasTimeouts++;
                    }
                }
                return;
            }
            if (o.ours() == Verdict.TIMEOUT || o.ours() == Verdict.UNTYPED) {
                return;
            }
            ptxasCompared++;
            if (o.weAccept() == o.ptxasAccepts()) {
                agree++;
                if (o.weAccept()) {
                    bothAccept++;
                } else {
                    bothReject++;
                }
            } else {
                disagreements.add(o);
                byReason.merge(o.disagreement(), 1, Integer::sum);
            }
        }

        /** Percentage of the compared cases where we and ptxas give the same verdict. */
        double agreement() {
            return ptxasCompared == 0 ? Double.NaN : 100.0 * agree / ptxasCompared;
        }

        /**
         * Percentage of agreement on NVIDIA PTX: the compared cases less those where the only lines ptxas rejects
         * hold this project's extension forms ({@link Disagreement#EXTENSION}; ptxas is no oracle for them).
         */
        double agreementOnNvidiaPtx() {
            int n = ptxasCompared - byReason.getOrDefault(Disagreement.EXTENSION, 0);
            return n == 0 ? Double.NaN : 100.0 * agree / n;
        }

        /** Disagreements that are defects of ours ({@link Disagreement#FRONT_END}). */
        int frontEndDisagreements() {
            return byReason.getOrDefault(Disagreement.FRONT_END, 0);
        }

        /**
         * Agreement on the PTX both sides judge: the compared cases less the decided disagreements (extension
         * forms, engine limits, unsupported features), where only front-end defects count against us.
         */
        double agreementOnSupportedPtx() {
            int decided = disagreements.size() - frontEndDisagreements();
            int n = ptxasCompared - decided;
            return n == 0 ? Double.NaN : 100.0 * agree / n;
        }
    }

    private final Map<String, String> seeds;
    private final List<String> seedNames;
    private final long seed;
    private final PtxasOracle ptxas;
    private final int ptxasEvery;
    /**
     * Seed → whether ptxas accepts it unmutated, asked on first use: a seed it rejects holds this project's
     * extension forms, and ptxas is no oracle for its mutants.
     */
    private final Map<String, Boolean> nvidiaSeed = new java.util.concurrent.ConcurrentHashMap<>();

    /** The ptxas message of a mutant whose seed ptxas rejects unmutated: not compared. */
    static final String NOT_NVIDIA_PTX = "not asked: ptxas rejects the unmutated seed (extension forms)";

    /**
     * A fuzzer over {@code seeds} (path → PTX text) that asks {@code ptxas} about every case.
     *
     * @param ptxas the oracle to compare with, or null not to compare
     */
    PtxFuzz(Map<String, String> seeds, long seed, PtxasOracle ptxas) {
        this(seeds, seed, ptxas, 1);
    }

    /**
     * A fuzzer over {@code seeds} (path → PTX text) that asks {@code ptxas} about the cases whose index is a
     * multiple of {@code ptxasEvery} (a ptxas run costs about 25 loads: the long run loads every mutant and
     * compares a sample; decision 0402).
     */
    PtxFuzz(Map<String, String> seeds, long seed, PtxasOracle ptxas, int ptxasEvery) {
        if (ptxasEvery < 1) {
            throw new IllegalArgumentException("ptxasEvery must be at least 1, not " + ptxasEvery);
        }
        this.seeds = seeds;
        this.seedNames = new ArrayList<>(seeds.keySet());
        this.seed = seed;
        this.ptxas = ptxas;
        this.ptxasEvery = ptxasEvery;
    }

    /** The mutant of case {@code i}: a seed file and one to three mutations, from {@code seed} and {@code i}. */
    PtxMutator.Mutant mutant(int i, String[] seedFile) {
        Random r = new Random(seed * 1_000_003L + i);
        String name = seedNames.get(r.nextInt(seedNames.size()));
        seedFile[0] = name;
        return new PtxMutator(r.nextLong()).mutate(seeds.get(name));
    }

    /** Loads {@code text} the way a device does, with an allocator that hands out addresses without memory. */
    static Object[] load(String text) {
        long t0 = System.nanoTime();
        try {
            PtxModule.load(text, new CountingAllocator(), null);
            return new Object[] {Verdict.ACCEPT, null, System.nanoTime() - t0};
        } catch (PtxSyntaxException e) {
            return new Object[] {Verdict.REJECT_SYNTAX, e.getMessage(), System.nanoTime() - t0};
        } catch (UnsupportedPtxException e) {
            return new Object[] {Verdict.REJECT_UNSUPPORTED, e.getMessage(), System.nanoTime() - t0};
        } catch (Throwable e) { // the point of the harness: anything else is a defect to report, not to rethrow
            return new Object[] {Verdict.UNTYPED, e.toString(), System.nanoTime() - t0};
        }
    }

    /** Device addresses for module variables without memory behind them (the front end's verdict only). */
    static final class CountingAllocator implements PtxModule.GlobalVariableAllocator {
        private final Lowering.GlobalAllocator addresses = Lowering.noDevice();

        @Override
        public long allocate(String name, long bytes, int align) {
            return addresses.allocate(name, bytes, align);
        }

        @Override
        public void write(long address, byte[] bytes) {}
    }

    /** Runs case {@code i}. */
    Outcome runCase(int i) {
        String[] seedFile = new String[1];
        PtxMutator.Mutant m = mutant(i, seedFile);
        Object[] r = load(m.text());
        PtxasOracle.Verdict p = ptxas == null || i % ptxasEvery != 0
                ? new PtxasOracle.Verdict(null, null, List.of())
                : !nvidiaSeed.computeIfAbsent(
                                seedFile[0],
                                n -> !Boolean.FALSE.equals(ptxas.judge(-1 - seedNames.indexOf(n), seeds.get(n))
                                        .accepts()))
                        ? new PtxasOracle.Verdict(null, NOT_NVIDIA_PTX, List.of())
                        : ptxas.judge(i, m.text());
        return new Outcome(
                i,
                seedFile[0],
                m.mutations(),
                m.text(),
                (Verdict) r[0],
                (String) r[1],
                (Long) r[2],
                p.accepts(),
                p.message(),
                p.errorLines());
    }

    /**
     * Runs cases {@code [from, from + count)} on {@code threads} threads; a case still running after {@code
     * hardLimitMillis} is recorded as {@link Verdict#TIMEOUT} and abandoned.
     */
    Summary run(int from, int count, int threads, long boundMillis, long hardLimitMillis, boolean progress) {
        return run(from, count, 1, threads, boundMillis, hardLimitMillis, progress);
    }

    /** As the other {@code run}, over the cases {@code from + k * step} for {@code k < count}. */
    Summary run(int from, int count, int step, int threads, long boundMillis, long hardLimitMillis, boolean progress) {
        Summary s = new Summary();
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "ptx-fuzz");
            t.setDaemon(true);
            return t;
        });
        for (String text : seeds.values()) {
            load(text); // class loading and first compilation are the JVM's time, not a mutant's
        }
        AtomicLong done = new AtomicLong();
        long start = System.nanoTime();
        try {
            int window = threads * 4;
            List<Future<Outcome>> inFlight = new ArrayList<>();
            List<Integer> ids = new ArrayList<>();
            int k = 0;
            while (k < count || !inFlight.isEmpty()) {
                while (inFlight.size() < window && k < count) {
                    int i = from + k++ * step;
                    inFlight.add(pool.submit(() -> runCase(i)));
                    ids.add(i);
                }
                Future<Outcome> f = inFlight.remove(0);
                int i = ids.remove(0);
                Outcome o;
                try {
                    o = f.get(hardLimitMillis, TimeUnit.MILLISECONDS);
                } catch (TimeoutException e) {
                    f.cancel(true);
                    String[] seedFile = new String[1];
                    PtxMutator.Mutant m = mutant(i, seedFile);
                    o = new Outcome(
                            i,
                            seedFile[0],
                            m.mutations(),
                            m.text(),
                            Verdict.TIMEOUT,
                            "still running after " + hardLimitMillis + " ms",
                            hardLimitMillis * 1_000_000L,
                            null,
                            null,
                            List.of());
                } catch (ExecutionException e) {
                    throw new IllegalStateException("the harness failed on case " + i, e.getCause());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
                s.add(o, boundMillis * 1_000_000L);
                long d = done.incrementAndGet();
                if (progress && (d % 1000 == 0 || d == count)) {
                    double secs = (System.nanoTime() - start) / 1e9;
                    System.err.printf(
                            "%d/%d cases, %.0f s, %d untyped, %d slow, ptxas agreement %.2f%% of %d%n",
                            d, count, secs, s.untyped.size(), s.slow.size(), s.agreement(), s.ptxasCompared);
                }
            }
        } finally {
            pool.shutdownNow();
        }
        return s;
    }

    /** Command line: see the class comment. */
    public static void main(String[] args) throws IOException {
        long seed = 1;
        int cases = 10_000;
        int from = 0;
        int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
        boolean usePtxas = false;
        Path out = Path.of("target/ptx-fuzz");
        Path cacheFile = null;
        int every = 1;
        boolean sampleOnly = false;
        Integer show = null;
        for (int k = 0; k < args.length; k++) {
            switch (args[k]) {
                case "--seed":
                    seed = Long.parseLong(args[++k]);
                    break;
                case "--cases":
                    cases = Integer.parseInt(args[++k]);
                    break;
                case "--from":
                    from = Integer.parseInt(args[++k]);
                    break;
                case "--threads":
                    threads = Integer.parseInt(args[++k]);
                    break;
                case "--ptxas":
                    usePtxas = true;
                    break;
                case "--ptxas-every":
                    every = Integer.parseInt(args[++k]);
                    break;
                case "--sample-only":
                    sampleOnly = true;
                    break;
                case "--ptxas-cache":
                    cacheFile = Path.of(args[++k]);
                    break;
                case "--out":
                    out = Path.of(args[++k]);
                    break;
                case "--case":
                    show = Integer.parseInt(args[++k]);
                    break;
                default:
                    System.err.println("usage: PtxFuzz [--cases N] [--from I] [--seed S] [--threads T] [--ptxas]"
                            + " [--ptxas-every K] [--sample-only] [--ptxas-cache FILE] [--out DIR] [--case I]");
                    System.exit(2);
            }
        }
        Path module = Files.isDirectory(Path.of("gpu-model")) ? Path.of("gpu-model") : Path.of("");
        Files.createDirectories(out);
        PtxasOracle oracle = null;
        if (usePtxas) {
            Path exe = PtxasOracle.onPath();
            if (exe == null) {
                System.err.println("ptxas is not on the PATH");
                System.exit(2);
            }
            oracle = new PtxasOracle(
                    exe,
                    Files.createTempDirectory("ptx-fuzz"),
                    cacheFile != null ? cacheFile : out.resolve("ptxas-cache.tsv"));
        }
        PtxFuzz fuzz = new PtxFuzz(CommittedPtx.all(module), seed, oracle, every);
        if (show != null) {
            Outcome o = fuzz.runCase(show);
            System.out.println("// seed file " + o.seedFile() + ", mutations " + o.mutations());
            System.out.println("// ours: " + o.ours() + " " + o.ourMessage() + " (" + o.nanos() / 1_000_000 + " ms)");
            System.out.println("// ptxas: " + o.ptxasAccepts() + " " + o.ptxasMessage() + " " + o.ptxasErrorLines());
            System.out.println("// disagreement: " + o.disagreement());
            System.out.print(o.text());
            return;
        }
        // --sample-only: just the cases ptxas is asked about (with a filled cache, the agreement in a minute)
        Summary s = sampleOnly
                ? fuzz.run(from, (cases + every - 1) / every, every, threads, 5_000, 60_000, true)
                : fuzz.run(from, cases, threads, 5_000, 60_000, true);
        String report = PtxFuzzReport.markdown(s, seed, from, cases, usePtxas ? every : 0);
        Files.writeString(out.resolve("report.md"), report, StandardCharsets.UTF_8);
        Path kept = out.resolve("cases");
        Files.createDirectories(kept);
        try (var old = Files.list(kept)) { // cases of an earlier run would be mistaken for this one's
            for (Path p : old.toList()) {
                Files.delete(p);
            }
        }
        List<Outcome> keep = new ArrayList<>(s.untyped);
        keep.addAll(s.slow);
        keep.addAll(s.disagreements);
        for (Outcome o : keep) {
            Files.writeString(
                    kept.resolve("case-" + o.index() + ".ptx"),
                    "// seed " + seed + " case " + o.index() + " from " + o.seedFile() + ": " + o.mutations()
                            + "\n// ours: " + o.ours() + " " + o.ourMessage()
                            + "\n// ptxas: " + o.ptxasAccepts() + " " + o.ptxasMessage() + " " + o.ptxasErrorLines()
                            + "\n// disagreement: " + o.disagreement() + "\n" + o.text(),
                    StandardCharsets.UTF_8);
        }
        if (oracle != null) {
            System.err.println("ptxas verdicts from the cache: " + oracle.cacheHits());
        }
        System.out.println(report);
    }
}
