package dev.gmac.gpu.ptx;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * nvcc's assembler as the oracle of the fuzzer ({@link PtxFuzz}): {@code ptxas -arch=sm_75 FILE -o /dev/null},
 * its exit status and the lines its errors name. Verdicts are kept in a cache file keyed by the SHA-256 of the
 * text, so a rerun after a front-end change asks ptxas only about mutants it has not seen (a long run's 100,000
 * ptxas calls take hours on two cores; its rerun from the cache takes minutes). Runs past the time limit are not
 * cached (they depend on the machine's load); crashes are.
 */
final class PtxasOracle {
    /** What ptxas said: {@code accepts} null when it gave no verdict (ran past the limit, or crashed). */
    record Verdict(Boolean accepts, String message, List<Integer> errorLines) {}

    /** Seconds a ptxas run may take before it is abandoned without a verdict. */
    static final long TIMEOUT_S = 10;

    private static final Pattern ERROR_LINE = Pattern.compile(", line (\\d+); error");

    private final Path exe;
    private final Path scratch;
    private final Path cacheFile;
    private final Map<String, Verdict> cache = new ConcurrentHashMap<>();
    private int hits;

    /**
     * @param exe the ptxas executable
     * @param scratch a folder for the files handed to ptxas
     * @param cacheFile the verdict cache (read when it exists, appended to), or null for none
     */
    PtxasOracle(Path exe, Path scratch, Path cacheFile) {
        this.exe = exe;
        this.scratch = scratch;
        this.cacheFile = cacheFile;
        if (cacheFile != null && Files.exists(cacheFile)) {
            try {
                for (String l : Files.readAllLines(cacheFile, StandardCharsets.UTF_8)) {
                    String[] f = l.split("\t", -1);
                    if (f.length == 4) {
                        cache.put(
                                f[0], new Verdict(parseAccepts(f[1]), f[3].isEmpty() ? null : f[3], parseLines(f[2])));
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the ptxas cache " + cacheFile, e);
            }
        }
    }

    /** The ptxas executable on the PATH, or null. */
    static Path onPath() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            Path p = Path.of(dir, "ptxas");
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    /** Verdicts served from the cache so far. */
    synchronized int cacheHits() {
        return hits;
    }

    /** ptxas's verdict on {@code text}; {@code id} names the scratch file. */
    Verdict judge(int id, String text) {
        String key = sha256(text);
        Verdict v = cache.get(key);
        if (v != null) {
            synchronized (this) {
                hits++;
            }
            return v;
        }
        v = run(id, text);
        boolean timedOut = v.accepts() == null && !v.message().startsWith("ptxas crashed");
        if (!timedOut) {
            cache.put(key, v);
            append(key, v);
        }
        return v;
    }

    private Verdict run(int id, String text) {
        Path f = scratch.resolve("case-" + id + ".ptx");
        try {
            Files.writeString(f, text, StandardCharsets.UTF_8);
            Process p = new ProcessBuilder(exe.toString(), "-arch=sm_75", f.toString(), "-o", "/dev/null")
                    .redirectErrorStream(true)
                    .start();
            if (!p.waitFor(TIMEOUT_S, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                p.waitFor();
                return new Verdict(null, "ptxas ran past " + TIMEOUT_S + " s", List.of());
            }
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            String first = null;
            List<Integer> lines = new ArrayList<>();
            for (String l : out.split("\n")) {
                if (l.contains("error") || l.contains("fatal")) {
                    if (first == null) {
                        first = l.replace(f.toString(), "mutant.ptx").trim();
                    }
                    Matcher m = ERROR_LINE.matcher(l);
                    if (m.find()) {
                        lines.add(Integer.parseInt(m.group(1)));
                    }
                }
            }
            if (p.exitValue() > 128 && p.exitValue() < 160) { // killed by a signal (ptxas errors exit with 255)
                return new Verdict(null, "ptxas crashed (signal " + (p.exitValue() - 128) + ")", List.of());
            }
            return new Verdict(p.exitValue() == 0, first, List.copyOf(lines));
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

    private synchronized void append(String key, Verdict v) {
        if (cacheFile == null) {
            return;
        }
        StringBuilder lines = new StringBuilder();
        for (int l : v.errorLines()) {
            lines.append(lines.length() > 0 ? "," : "").append(l);
        }
        String accepts = v.accepts() == null ? "crash" : v.accepts().toString();
        String msg = v.message() == null ? "" : v.message().replace('\t', ' ').replace('\n', ' ');
        try (BufferedWriter w = Files.newBufferedWriter(
                cacheFile, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
            w.write(key + "\t" + accepts + "\t" + lines + "\t" + msg + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the ptxas cache " + cacheFile, e);
        }
    }

    private static Boolean parseAccepts(String s) {
        return s.equals("crash") ? null : Boolean.valueOf(s);
    }

    private static List<Integer> parseLines(String s) {
        List<Integer> out = new ArrayList<>();
        if (!s.isEmpty()) {
            for (String x : s.split(",")) {
                out.add(Integer.parseInt(x));
            }
        }
        return List.copyOf(out);
    }

    private static String sha256(String text) {
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(d.digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
