package dev.gmac.samples.cli;

import static dev.gmac.samples.cli.GmacRun.gmac;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The bad-input suite (issue 16, CLI): every command on bad inputs — files that are devices, folders, missing,
 * huge or not UTF-8; malformed, huge and out-of-range JSON values; arguments of the wrong kind; bad options and
 * settings; a fault at the last address — must fail with exit status 1 or 2 and exactly one line on standard
 * error, starting {@code gmac: }, saying what is wrong (the expected fragment), and never a stack trace or a raw
 * JDK message.
 */
class BadInputTest {
    @TempDir
    static Path dir;

    /** One bad input: the command line, a fragment its message must contain, the exit status. */
    record Case(String name, List<String> args, String expected, int exit) {}

    private static final List<String> RAW_JDK_TEXTS = List.of(
            "\tat ",
            "Exception in thread",
            "java.lang.",
            "Input length = ",
            "BigInteger would overflow",
            "InvalidPathException",
            "Caused by");

    private static Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    private static Path writeBytes(String name, byte[] bytes) throws IOException {
        Path p = dir.resolve(name);
        Files.write(p, bytes);
        return p;
    }

    private static Case fails(String name, String expected, Object... args) {
        List<String> a = new ArrayList<>();
        for (Object o : args) {
            a.add(o.toString());
        }
        return new Case(name, a, expected, 1);
    }

    private static Case usage(String name, String expected, Object... args) {
        Case c = fails(name, expected, args);
        return new Case(c.name(), c.args(), expected, 2);
    }

    private static String spec(String ptx, String kernel, String buffers, String args) {
        return "{\"ptx\": \"" + ptx + "\", \"kernel\": \"" + kernel + "\", \"grid\": 1, \"block\": 1, \"buffers\": "
                + buffers + ", \"args\": " + args + "}";
    }

    private static List<Case> cases() throws IOException {
        try (InputStream in = BadInputTest.class.getResourceAsStream("/ptx/multi_small.ptx")) {
            Files.write(dir.resolve("small.ptx"), in.readAllBytes());
        }
        Path folder = Files.createDirectories(dir.resolve("folder"));
        Path latin1 = writeBytes("latin1.ptx", "// caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
        Path huge = dir.resolve("huge.ptx");
        try (RandomAccessFile f = new RandomAccessFile(huge.toFile(), "rw")) {
            f.setLength(65L << 20); // sparse: costs no disk
        }
        Path garbage = write("garbage.ptx", "this is not PTX\n");
        String oneFloat = "{\"a\": {\"type\": \"f32\", \"init\": [1]}}";
        String goodArgs = "[{\"buf\": \"a\"}, {\"s32\": 1}]";
        Path missingInit = write(
                "missing-init.json",
                spec(
                        "small.ptx",
                        "add_one",
                        "{\"a\": {\"type\": \"f32\", \"init\": {\"file\": \"nope.bin\"}}}",
                        goodArgs));
        writeBytes("three.bin", new byte[3]);
        Path shortInit = write(
                "short-init.json",
                spec(
                        "small.ptx",
                        "add_one",
                        "{\"a\": {\"type\": \"f32\", \"count\": 1, \"init\": {\"file\": \"three.bin\"}}}",
                        goodArgs));
        Path deviceInit = write(
                "device-init.json",
                spec(
                        "small.ptx",
                        "add_one",
                        "{\"a\": {\"type\": \"f32\", \"init\": {\"file\": \"/dev/zero\"}}}",
                        goodArgs));
        Path good = write("good.json", spec("small.ptx", "add_one", oneFloat, goodArgs));
        Path aFile = write("a-file", "x");
        Path preset = writeBytes("latin1.conf", "name = caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));

        List<Case> cases = new ArrayList<>();
        // ---- ptx check: files ----
        cases.add(fails("check a device", "not a regular file", "ptx", "check", "/dev/zero"));
        cases.add(fails("check a folder", "is a folder", "ptx", "check", folder));
        cases.add(fails("check a missing file", "no such file", "ptx", "check", dir.resolve("nope.ptx")));
        cases.add(
                fails("check Latin-1 text", "line 1: not UTF-8 text (byte 0xE9 at offset 6)", "ptx", "check", latin1));
        cases.add(fails("check a huge file", "more than the 67108864", "ptx", "check", huge));
        cases.add(usage(
                "check a NUL in the path", "not a valid path (it holds a NUL character)", "ptx", "check", "a\0b"));
        cases.add(fails("check garbage", "garbage.ptx: line 1:", "ptx", "check", garbage));
        // ---- ptx run: spec files and JSON ----
        cases.add(fails("run a device spec", "not a regular file", "ptx", "run", "/dev/zero"));
        cases.add(fails("run a Latin-1 spec", "not UTF-8 text", "ptx", "run", latin1));
        cases.add(fails("malformed JSON", "line 1:", "ptx", "run", write("m.json", "{\"ptx\" \"x\"}")));
        cases.add(fails(
                "duplicate key",
                "Duplicate field 'ptx'",
                "ptx",
                "run",
                write("d.json", "{\"ptx\": \"a\", \"ptx\": \"b\"}")));
        cases.add(fails("not an object", "expected an object, found an array", "ptx", "run", write("arr.json", "[]")));
        cases.add(fails(
                "a million digits",
                "a number longer than 400 characters",
                "ptx",
                "run",
                write("digits.json", "{\"ptx\": \"small.ptx\", \"grid\": " + "9".repeat(1_000_000) + "}")));
        cases.add(fails(
                "deep nesting",
                "nested deeper than 64",
                "ptx",
                "run",
                write("deep.json", "{\"ptx\": " + "[".repeat(200) + "]".repeat(200) + "}")));
        cases.add(fails(
                "huge exponent as a grid",
                "grid: 1E+999999999 is not an integer from 1 to 2147483647",
                "ptx",
                "run",
                write(
                        "exp.json",
                        "{\"ptx\": \"small.ptx\", \"kernel\": \"add_one\", \"grid\": 1e999999999, \"block\": 1}")));
        cases.add(fails(
                "huge exponent as a u64",
                "out of range for u64",
                "ptx",
                "run",
                write(
                        "u64.json",
                        spec(
                                "small.ptx",
                                "add_one",
                                "{\"a\": {\"type\": \"u64\", \"init\": [1e999999999]}}",
                                goodArgs))));
        cases.add(fails(
                "f32 overflow",
                "out of range for f32",
                "ptx",
                "run",
                write(
                        "f32.json",
                        spec("small.ptx", "add_one", "{\"a\": {\"type\": \"f32\", \"init\": [-1e39]}}", goodArgs))));
        cases.add(fails(
                "a megabyte kernel name",
                "(cut; 1000000 characters)",
                "ptx",
                "run",
                write("name.json", spec("small.ptx", "k".repeat(1_000_000), oneFloat, goodArgs))));
        cases.add(fails(
                "a buffer for an f32 parameter",
                "parameter 2 of scale is .f32 (4 bytes): a buffer address needs a 64-bit integer parameter",
                "ptx",
                "run",
                write(
                        "bufF32.json",
                        spec("small.ptx", "scale", oneFloat, "[{\"buf\": \"a\"}, {\"s32\": 1}, {\"buf\": \"a\"}]"))));
        cases.add(fails(
                "a NUL in the PTX path",
                "ptx: \"a\\u0000b.ptx\" is not a valid path (it holds a NUL character)",
                "ptx",
                "run",
                write("nul.json", spec("a\\u0000b.ptx", "add_one", oneFloat, goodArgs))));
        cases.add(fails("a missing init file", "buffers.a.init.file: cannot read", "ptx", "run", missingInit));
        cases.add(fails("a short init file", "holds 3 bytes but the buffer needs 4", "ptx", "run", shortInit));
        cases.add(fails("a device as init file", "not a regular file", "ptx", "run", deviceInit));
        cases.add(fails(
                "a device as preset",
                "--config: cannot read /dev/zero",
                "ptx",
                "run",
                "--timing",
                "--config",
                "/dev/zero",
                good));
        cases.add(fails("a Latin-1 preset", "not UTF-8 text", "ptx", "run", "--timing", "--config", preset, good));
        cases.add(fails(
                "an unknown preset", "no preset of that name", "ptx", "run", "--timing", "--config", "gtx9000", good));
        cases.add(fails("--out is a file", "cannot use " + aFile, "ptx", "run", "--out", aFile, good));
        cases.add(fails(
                "a fault at the last address",
                "address 0xffffffffffffffff",
                "ptx",
                "run",
                write(
                        "last.json",
                        spec("small.ptx", "add_one", "{}", "[{\"u64\": 18446744073709551615}, {\"s32\": 1}]"))));
        // ---- run and study ----
        cases.add(fails("unknown workload", "nbody", "run", "nbody", "--scale", "test"));
        cases.add(usage(
                "block not a multiple of 8",
                "--block-size expects a multiple of 8, got 12",
                "run",
                "vecadd",
                "--block-size",
                "12"));
        cases.add(usage(
                "block not a size", "--block-size expects a size such as", "run", "vecadd", "--block-size", "4Q"));
        cases.add(usage(
                "rolling size 0",
                "--rolling-size expects a whole number in [1, 1048576], got 0",
                "run",
                "vecadd",
                "--rolling-size",
                "0"));
        cases.add(fails("unknown protocol", "unknown protocol 'eager'", "run", "vecadd", "--protocol", "eager"));
        cases.add(fails(
                "unknown --only", "nope", "study", "--only", "nope", "--no-progress", "--out", dir.resolve("s1")));
        cases.add(usage("no jobs", "--jobs must be from 1 to 256", "study", "--jobs", "0", "--out", dir.resolve("s2")));
        cases.add(usage("unknown scale", "unknown scale 'huge'", "study", "--scale", "huge"));
        cases.add(usage("seed not a number", "--seed", "study", "--seed", "abc"));
        cases.add(fails(
                "output under a file",
                "cannot use",
                "study",
                "--scale",
                "test",
                "--only",
                "vecadd",
                "--no-sweeps",
                "--out",
                aFile.resolve("x")));
        // ---- bench, and the command line itself ----
        cases.add(fails("bad --param", "--param wants NAME=V1[,V2...]", "bench", "--param", "oops"));
        cases.add(usage("unknown command", "Unmatched argument", "nosuch"));
        cases.add(usage("-D without a value", "-D", "config", "-D", "gmac.blockSize"));
        for (List<String> command : commands(good)) {
            List<String> misspelt = new ArrayList<>(command);
            misspelt.add("-Dgmac.blokSize=4KiB");
            cases.add(new Case(
                    String.join(" ", command) + " with a misspelt setting",
                    misspelt,
                    "unknown setting gmac.blokSize (-D on the command line); did you mean gmac.blockSize?",
                    2));
            List<String> bad = new ArrayList<>(command);
            bad.add("-Dgmac.blockSize=4Q");
            cases.add(new Case(
                    String.join(" ", command) + " with a bad size", bad, "bad value '4Q' for gmac.blockSize", 2));
        }
        return cases;
    }

    /** One harmless invocation of every command. */
    private static List<List<String>> commands(Path goodSpec) {
        return List.of(
                List.of("config"),
                List.of("ptx", "check", dir.resolve("small.ptx").toString()),
                List.of("ptx", "run", goodSpec.toString()),
                List.of("run", "vecadd", "--scale", "test"),
                List.of("study", "--scale", "test", "--only", "vecadd", "--no-sweeps", "--no-plots", "--no-progress"),
                List.of("bench", "--list"));
    }

    private static void assertOneTypedLine(GmacRun r, String expected, int exit) {
        assertEquals(exit, r.exit(), "exit status; stderr: " + r.err());
        assertEquals(1, r.err().lines().count(), "one line on stderr: " + r.err());
        assertTrue(r.err().startsWith("gmac: "), r.err());
        assertTrue(r.err().contains(expected), "'" + expected + "' in: " + r.err());
        for (String raw : RAW_JDK_TEXTS) {
            assertFalse(r.err().contains(raw), "no '" + raw + "' in: " + r.err());
        }
    }

    @TestFactory
    Stream<DynamicTest> everyBadInputGivesOneTypedLine() throws IOException {
        return cases().stream()
                .map(c -> DynamicTest.dynamicTest(c.name(), () -> {
                    GmacRun r = gmac(c.args().toArray(new String[0]));
                    assertOneTypedLine(r, c.expected(), c.exit());
                }));
    }

    @Test
    void aMisspeltSystemPropertyIsReportedByEveryCommand() throws IOException {
        Path good = write(
                "good2.json",
                spec(
                        "small.ptx",
                        "add_one",
                        "{\"a\": {\"type\": \"f32\", \"init\": [1]}}",
                        "[{\"buf\": \"a\"}, {\"s32\": 1}]"));
        try (InputStream in = BadInputTest.class.getResourceAsStream("/ptx/multi_small.ptx")) {
            Files.write(dir.resolve("small.ptx"), in.readAllBytes());
        }
        System.setProperty("gmac.blokSize", "4KiB");
        try {
            for (List<String> command : commands(good)) {
                GmacRun r = gmac(command.toArray(new String[0]));
                assertOneTypedLine(
                        r, "unknown setting gmac.blokSize (system property); did you mean gmac.blockSize?", 2);
            }
        } finally {
            System.clearProperty("gmac.blokSize");
        }
    }

    /** A command that throws what it is given, added to a {@code gmac} command line. */
    @CommandLine.Command(name = "boom")
    static final class Boom implements Callable<Integer> {
        static Throwable toThrow;

        @Override
        public Integer call() throws Exception {
            if (toThrow instanceof Error e) {
                throw e;
            }
            throw (Exception) toThrow;
        }
    }

    private static GmacRun boom(Throwable t, String... extra) {
        Boom.toThrow = t;
        java.io.StringWriter out = new java.io.StringWriter();
        java.io.StringWriter err = new java.io.StringWriter();
        CommandLine cmd = GmacCommand.commandLine();
        cmd.addSubcommand(new Boom());
        cmd.setOut(new java.io.PrintWriter(out, true));
        cmd.setErr(new java.io.PrintWriter(err, true));
        List<String> args = new ArrayList<>(List.of("boom"));
        args.addAll(List.of(extra));
        int exit = cmd.execute(args.toArray(new String[0]));
        return new GmacRun(exit, out.toString(), err.toString());
    }

    @Test
    void errorsAndUnexpectedExceptionsAreOneLineWithTheDebugHint() {
        GmacRun oom = boom(new OutOfMemoryError("Java heap space"));
        assertOneTypedLine(oom, "out of memory (Java heap space)", 1);
        assertTrue(oom.err().contains("rerun with --debug for the stack trace"), oom.err());
        GmacRun so = boom(new StackOverflowError());
        assertOneTypedLine(so, "stack overflow", 1);
        GmacRun npe = boom(new NullPointerException("x is null"));
        assertOneTypedLine(npe, "internal error: NullPointerException: x is null; rerun with --debug", 1);
        GmacRun multiLine = boom(new IllegalStateException("first\nsecond"));
        assertOneTypedLine(multiLine, "first; second", 1);
    }

    @Test
    void debugPrintsTheStackTrace() {
        GmacRun r = boom(new NullPointerException("x is null"), "--debug");
        assertEquals(1, r.exit());
        assertTrue(r.err().startsWith("gmac: internal error: NullPointerException"), r.err());
        assertTrue(r.err().contains("\tat "), "the trace follows: " + r.err());
    }
}
