package dev.gmac.gpu.ptx;

import java.io.IOException;
import java.io.UncheckedIOException;
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

/**
 * The PTX front-end fuzzer (issue 16): mutants of our committed PTX ({@link PtxMutator}) are loaded through
 * {@link PtxModule#load} and, optionally, assembled by nvcc's {@code ptxas -arch=sm_75}. It counts untyped
 * exceptions (anything escaping load that is not a {@link PtxException}), cases past a time bound, and agreement
 * with ptxas on accept/reject. {@link PtxFuzzTest} runs a few thousand cases in the normal build; the long run is
 * this class's {@link #main}:
 *
 * <pre>
 * mvn -B -ntp -pl gpu-model -am test-compile -q
 * java -Xmx2g -cp gpu-model/target/classes:gpu-model/target/test-classes dev.gmac.gpu.ptx.PtxFuzz \
 *     --cases 100000 --seed 1 --ptxas --threads 2 --out target/ptx-fuzz
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
            String ptxasMessage) {
        boolean weAccept() {
            return ours == Verdict.ACCEPT;
        }
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
        int agree;
        long maxNanos;
        int bothAccept;
        int bothReject;

        void add(Outcome o, long boundNanos) {
            cases++;
            verdicts.merge(o.ours(), 1, Integer::sum);
            maxNanos = Math.max(maxNanos, o.nanos());
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
                    ptxasTimeouts++;
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
            }
        }

        double agreement() {
            return ptxasCompared == 0 ? Double.NaN : 100.0 * agree / ptxasCompared;
        }
    }

    private final Map<String, String> seeds;
    private final List<String> seedNames;
    private final long seed;
    private final Path ptxas;
    private final Path scratch;

    /**
     * A fuzzer over {@code seeds} (path → PTX text).
     *
     * @param ptxas the ptxas executable, or null not to compare
     * @param scratch a folder for the mutants handed to ptxas (null without ptxas)
     */
    PtxFuzz(Map<String, String> seeds, long seed, Path ptxas, Path scratch) {
        this.seeds = seeds;
        this.seedNames = new ArrayList<>(seeds.keySet());
        this.seed = seed;
        this.ptxas = ptxas;
        this.scratch = scratch;
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
        Boolean ptxasAccepts = null;
        String ptxasMessage = null;
        if (ptxas != null) {
            String[] res = runPtxas(i, m.text());
            ptxasAccepts = res[0] == null ? null : Boolean.valueOf(res[0]);
            ptxasMessage = res[1];
        }
        return new Outcome(
                i,
                seedFile[0],
                m.mutations(),
                m.text(),
                (Verdict) r[0],
                (String) r[1],
                (Long) r[2],
                ptxasAccepts,
                ptxasMessage);
    }

    /** {accepted ("true"/"false", or null on timeout), first error line}. */
    private String[] runPtxas(int i, String text) {
        Path f = scratch.resolve("case-" + i + ".ptx");
        try {
            Files.writeString(f, text, StandardCharsets.UTF_8);
            Process p = new ProcessBuilder(ptxas.toString(), "-arch=sm_75", f.toString(), "-o", "/dev/null")
                    .redirectErrorStream(true)
                    .start();
            if (!p.waitFor(PTXAS_TIMEOUT_S, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                p.waitFor();
                return new String[] {null, "ptxas ran past " + PTXAS_TIMEOUT_S + " s"};
            }
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            String first = null;
            for (String l : out.split("\n")) {
                if (l.contains("error") || l.contains("fatal")) {
                    first = l.replace(f.toString(), "mutant.ptx").trim();
                    break;
                }
            }
            if (p.exitValue() > 128 && p.exitValue() < 160) { // killed by a signal (ptxas errors exit with 255)
                return new String[] {null, "ptxas crashed (signal " + (p.exitValue() - 128) + ")"};
            }
            return new String[] {Boolean.toString(p.exitValue() == 0), first};
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } finally {
            try {
                Files.deleteIfExists(f);
            } catch (IOException ignored) {
                // a left-over scratch file does not change the result
            }
        }
    }

    static final long PTXAS_TIMEOUT_S = 10;

    /**
     * Runs cases {@code [from, from + count)} on {@code threads} threads; a case still running after {@code
     * hardLimitMillis} is recorded as {@link Verdict#TIMEOUT} and abandoned.
     */
    Summary run(int from, int count, int threads, long boundMillis, long hardLimitMillis, boolean progress) {
        Summary s = new Summary();
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "ptx-fuzz");
            t.setDaemon(true);
            return t;
        });
        AtomicLong done = new AtomicLong();
        long start = System.nanoTime();
        try {
            int window = threads * 4;
            List<Future<Outcome>> inFlight = new ArrayList<>();
            List<Integer> ids = new ArrayList<>();
            int next = from;
            while (next < from + count || !inFlight.isEmpty()) {
                while (inFlight.size() < window && next < from + count) {
                    int i = next++;
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
                            null);
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
                case "--out":
                    out = Path.of(args[++k]);
                    break;
                case "--case":
                    show = Integer.parseInt(args[++k]);
                    break;
                default:
                    System.err.println("usage: PtxFuzz [--cases N] [--from I] [--seed S] [--threads T] [--ptxas]"
                            + " [--out DIR] [--case I]");
                    System.exit(2);
            }
        }
        Path module = Files.isDirectory(Path.of("gpu-model")) ? Path.of("gpu-model") : Path.of("");
        Files.createDirectories(out);
        Path ptxasExe = null;
        if (usePtxas) {
            ptxasExe = findOnPath("ptxas");
            if (ptxasExe == null) {
                System.err.println("ptxas is not on the PATH");
                System.exit(2);
            }
        }
        PtxFuzz fuzz = new PtxFuzz(CommittedPtx.all(module), seed, ptxasExe, Files.createTempDirectory("ptx-fuzz"));
        if (show != null) {
            Outcome o = fuzz.runCase(show);
            System.out.println("// seed file " + o.seedFile() + ", mutations " + o.mutations());
            System.out.println("// ours: " + o.ours() + " " + o.ourMessage());
            System.out.println("// ptxas: " + o.ptxasAccepts() + " " + o.ptxasMessage());
            System.out.print(o.text());
            return;
        }
        Summary s = fuzz.run(from, cases, threads, 5_000, 60_000, true);
        String report = PtxFuzzReport.markdown(s, seed, from, cases, usePtxas);
        Files.writeString(out.resolve("report.md"), report, StandardCharsets.UTF_8);
        Path cases_ = out.resolve("cases");
        Files.createDirectories(cases_);
        List<Outcome> keep = new ArrayList<>(s.untyped);
        keep.addAll(s.slow);
        keep.addAll(s.disagreements);
        for (Outcome o : keep) {
            Files.writeString(
                    cases_.resolve("case-" + o.index() + ".ptx"),
                    "// seed " + seed + " case " + o.index() + " from " + o.seedFile() + ": " + o.mutations()
                            + "\n// ours: "
                            + o.ours() + " " + o.ourMessage() + "\n// ptxas: " + o.ptxasAccepts() + " "
                            + o.ptxasMessage() + "\n" + o.text(),
                    StandardCharsets.UTF_8);
        }
        System.out.println(report);
    }

    private static Path findOnPath(String exe) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            Path p = Path.of(dir, exe);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }
}
