package dev.gmac.samples.cli.ptx;

import static dev.gmac.samples.cli.GmacRun.gmac;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.samples.cli.GmacRun;
import dev.gmac.samples.json.PlainJson;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gmac ptx check} and {@code gmac ptx run}, run in-process: exit codes 0/1/2, stdout and stderr. */
class PtxCommandTest {
    @TempDir
    Path dir;

    private Path saxpyPtx;

    @BeforeEach
    void copySaxpy() throws IOException {
        saxpyPtx = dir.resolve("saxpy.ptx");
        try (InputStream in = PtxCommandTest.class.getResourceAsStream("/ptx/saxpy.ptx")) {
            assertTrue(in != null, "the gpu-model jar carries /ptx/saxpy.ptx");
            Files.write(saxpyPtx, in.readAllBytes());
        }
    }

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    // ---- usage --------------------------------------------------------------------------------------------------

    @Test
    void usageErrorsExitWithTwo() {
        assertEquals(2, gmac("ptx").exit());
        assertEquals(2, gmac("ptx", "check").exit());
        assertEquals(2, gmac("ptx", "run").exit());
        GmacRun r = gmac("ptx", "check", "--no-such-option", saxpyPtx.toString());
        assertEquals(2, r.exit());
        assertTrue(r.err().startsWith("gmac: "), r.err());
    }

    // ---- check --------------------------------------------------------------------------------------------------

    @Test
    void checkListsKernelsAndParameters() {
        GmacRun r = gmac("ptx", "check", saxpyPtx.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("1 kernel"), r.out());
        assertTrue(r.out().contains("saxpy (line "), r.out());
        assertTrue(r.out().contains("4 parameters"), r.out());
        assertTrue(r.out().contains("0: .u32 saxpy_param_0 (4 bytes"), r.out());
        assertTrue(r.out().contains("1: .f32 saxpy_param_1 (4 bytes"), r.out());
        assertTrue(r.out().contains("3: .u64 saxpy_param_3 (8 bytes"), r.out());
    }

    @Test
    void checkReportsTheFirstSyntaxErrorWithLineAndColumn() throws IOException {
        Path bad = write(
                "bad.ptx", ".version 9.0\n.target sm_75\n.address_size 64\n\n.visible .entry k(\n)\n{\n\tret\n}\n");
        GmacRun r = gmac("ptx", "check", bad.toString());
        assertEquals(1, r.exit(), r.out());
        assertTrue(r.err().startsWith("gmac: " + bad + ": line "), r.err());
        assertTrue(r.err().matches("(?s)gmac: .*: line \\d+:\\d+: .*"), r.err());
        assertEquals(1, r.err().lines().count(), "one line: " + r.err());
    }

    @Test
    void checkOfAMissingFileFails() {
        GmacRun r = gmac("ptx", "check", dir.resolve("nope.ptx").toString());
        assertEquals(1, r.exit());
        assertTrue(r.err().contains("cannot read") && r.err().contains("no such file"), r.err());
    }

    @Test
    void coverageListsEveryOpcodeOfSaxpyAsSupported() {
        GmacRun r = gmac("ptx", "check", "--coverage", saxpyPtx.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        for (String opcode : List.of("fma.rn.f32", "ld.param.u32", "cvta.to.global.u64", "mul.wide.s32", "ret")) {
            assertTrue(
                    r.out().lines().anyMatch(l -> l.startsWith(opcode + " ") && l.endsWith("supported")),
                    opcode + " in\n" + r.out());
        }
        assertTrue(r.out().contains(" 0 unsupported"), r.out());
    }

    @Test
    void coverageFailsOnAnUnsupportedInstruction() throws IOException {
        String text = new String(Files.readAllBytes(saxpyPtx), StandardCharsets.UTF_8)
                .replace("\tret;", "\tldmatrix.sync.aligned.m8n8.x1.shared.b16 \t{%r1}, [%r1];\n\tret;");
        Path p = write("ldmatrix.ptx", text); // a real sm_75 instruction (tensor-core operand loads)
        GmacRun r = gmac("ptx", "check", "--coverage", p.toString());
        assertEquals(1, r.exit(), r.out());
        assertTrue(
                r.out()
                        .lines()
                        .anyMatch(l ->
                                l.startsWith("ldmatrix.sync.aligned.m8n8.x1.shared.b16 ") && l.endsWith("unsupported")),
                r.out());
        assertTrue(r.out().contains(" 1 unsupported"), r.out());
        assertTrue(
                r.out().lines().anyMatch(l -> l.matches("  line \\d+: unsupported PTX 'ldmatrix.*not supported.*")),
                "the reason is listed: " + r.out());
        assertTrue(
                r.out().lines().anyMatch(l -> l.startsWith("fma.rn.f32 ") && l.contains(" ALU ")),
                "the instruction class is listed: " + r.out());
        assertTrue(r.err().startsWith("gmac: " + p + ": line "), r.err());
        assertTrue(r.err().contains("ldmatrix"), r.err());
    }

    // ---- run ----------------------------------------------------------------------------------------------------

    private String saxpySpec(String ptxPath, int n, int count, String extra) {
        return "{\"ptx\": \"" + ptxPath + "\", \"kernel\": \"saxpy\", \"grid\": [" + ((n + 7) / 8) + ", 1, 1],"
                + " \"block\": [8, 1, 1],"
                + " \"buffers\": {\"x\": {\"type\": \"f32\", \"count\": " + count + ", \"init\": {\"iota\": 0}},"
                + " \"y\": {\"type\": \"f32\", \"count\": " + count + ", \"init\": {\"fill\": 1.5}}},"
                + " \"args\": [{\"u32\": " + n + "}, {\"f32\": 2.5}, {\"buf\": \"x\"}, {\"buf\": \"y\"}]" + extra + "}";
    }

    @SuppressWarnings("unchecked")
    @Test
    void runPrintsBuffersAndStats() throws IOException {
        Path spec = write("saxpy.json", saxpySpec("saxpy.ptx", 10, 10, ", \"print\": [\"y\"]"));
        GmacRun r = gmac("ptx", "run", spec.toString());
        assertEquals(0, r.exit(), r.err());
        Map<String, Object> json = (Map<String, Object>) PlainJson.parse(r.out());
        Map<String, Object> buffers = (Map<String, Object>) json.get("buffers");
        assertEquals(List.of("y"), List.copyOf(buffers.keySet()));
        List<Object> y = (List<Object>) buffers.get("y");
        for (int i = 0; i < 10; i++) {
            assertEquals(2.5 * i + 1.5, ((BigDecimal) y.get(i)).doubleValue(), "y[" + i + "]");
        }
        Map<String, Object> stats = (Map<String, Object>) json.get("stats");
        assertEquals("saxpy", stats.get("kernel"));
        for (String key : List.of(
                "warpInstructions",
                "threadInstructions",
                "simdEfficiency",
                "divergentBranches",
                "maxStackDepth",
                "atomics",
                "barriers")) {
            assertTrue(stats.containsKey(key), key + " in " + stats);
        }
    }

    @SuppressWarnings("unchecked")
    @Test
    void runPrintsTheBuffersItIsAskedForWithTheirTypes() throws IOException {
        Path spec = write(
                "types.json",
                "{\"ptx\": \"saxpy.ptx\", \"kernel\": \"saxpy\", \"grid\": [1], \"block\": [32],"
                        + " \"buffers\": {\"x\": {\"type\": \"f32\", \"init\": [1, 2.5, \"NaN\"]},"
                        + " \"y\": {\"type\": \"f32\", \"count\": 3},"
                        + " \"bytes\": {\"type\": \"u8\", \"count\": 3, \"init\": [0, 128, 255]},"
                        + " \"big\": {\"type\": \"u64\", \"count\": 1, \"init\": [18446744073709551615]},"
                        + " \"neg\": {\"type\": \"s64\", \"count\": 2, \"init\": {\"iota\": -1}}},"
                        + " \"args\": [{\"u32\": 3}, {\"f32\": 2}, {\"buf\": \"x\"}, {\"buf\": \"y\"}],"
                        + " \"print\": [\"x\", \"y\", \"bytes\", \"big\", \"neg\"]}");
        GmacRun r = gmac("ptx", "run", spec.toString());
        assertEquals(0, r.exit(), r.err());
        Map<String, Object> buffers =
                (Map<String, Object>) ((Map<String, Object>) PlainJson.parse(r.out())).get("buffers");
        assertEquals(List.of("x", "y", "bytes", "big", "neg"), List.copyOf(buffers.keySet()));
        assertEquals(List.of(new BigDecimal("2.0"), new BigDecimal("5.0"), "NaN"), buffers.get("y"));
        assertEquals(List.of(new BigDecimal("0"), new BigDecimal("128"), new BigDecimal("255")), buffers.get("bytes"));
        assertEquals(List.of(new BigDecimal("18446744073709551615")), buffers.get("big"));
        assertEquals(List.of(new BigDecimal("-1"), new BigDecimal("0")), buffers.get("neg"));
    }

    @Test
    void kernelFaultIsOneLineOnStderrAndExitOne() throws IOException {
        // n = 5000 but the buffers hold 10 floats: the kernel reads far past the allocation.
        Path spec = write("fault.json", saxpySpec("saxpy.ptx", 5000, 10, ""));
        GmacRun r = gmac("ptx", "run", spec.toString());
        assertEquals(1, r.exit(), r.out());
        assertEquals("", r.out());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().contains("saxpy"), r.err());
    }

    private void assertSpecError(String specText, String... fragments) throws IOException {
        Path spec = write("bad.json", specText);
        GmacRun r = gmac("ptx", "run", spec.toString());
        assertEquals(1, r.exit(), r.out());
        assertEquals(1, r.err().lines().count(), r.err());
        for (String f : fragments) {
            assertTrue(r.err().contains(f), "'" + f + "' in: " + r.err());
        }
    }

    @Test
    void badSpecsNameTheKey() throws IOException {
        assertSpecError("{\"kernel\": \"saxpy\"}", "missing key \"ptx\"");
        assertSpecError(saxpySpec("saxpy.ptx", 10, 10, ", \"colour\": 1"), "colour: unknown key");
        assertSpecError(
                saxpySpec("saxpy.ptx", 10, 10, "")
                        .replace(
                                "\"f32\", \"count\": 10, \"init\": {\"iota\"",
                                "\"f16\", \"count\": 10, \"init\": {\"iota\""),
                "buffers.x.type",
                "\"f16\" is not one of u8 s8 u16 s16 u32 s32 u64 s64 f32 f64");
        assertSpecError(
                saxpySpec("saxpy.ptx", 10, 10, "").replace("{\"buf\": \"y\"}", "{\"buf\": \"z\"}"),
                "args[3].buf",
                "no buffer named \"z\"");
        assertSpecError(
                saxpySpec("saxpy.ptx", 10, 10, "").replace(", {\"buf\": \"y\"}", ""),
                "args",
                "4 parameters but the spec gives 3 arguments");
        assertSpecError(
                saxpySpec("saxpy.ptx", 10, 10, "").replace("{\"u32\": 10}", "{\"u32\": -1}"),
                "args[0].u32",
                "out of range for u32");
        assertSpecError(
                saxpySpec("saxpy.ptx", 10, 10, "").replace("{\"u32\": 10}", "{\"u128\": 1}"),
                "args[0]",
                "unknown argument kind \"u128\"");
        assertSpecError(
                saxpySpec("saxpy.ptx", 10, 10, "").replace("\"kernel\": \"saxpy\"", "\"kernel\": \"daxpy\""),
                "no kernel \"daxpy\"",
                "kernels: saxpy");
        assertSpecError(saxpySpec("saxpy.ptx", 10, 10, "").replace("[8, 1, 1]", "[8, 0, 1]"), "block[1]");
        assertSpecError(saxpySpec("saxpy.ptx", 10, 10, ", \"print\": [\"w\"]"), "print[0]", "no buffer named \"w\"");
        assertSpecError(
                "{\"ptx\": \"saxpy.ptx\", \"kernel\": \"saxpy\", \"grid\": [1], \"block\": [1], \"buffers\": "
                        + "{\"b\": {\"type\": \"u8\", \"count\": 2, \"init\": [1, 256]}}}",
                "buffers.b.init[1]",
                "out of range for u8");
        assertSpecError(
                "{\"ptx\": \"saxpy.ptx\", \"kernel\": \"saxpy\", \"grid\": [1], \"block\": [1], \"buffers\": "
                        + "{\"b\": {\"type\": \"s32\", \"count\": 3, \"init\": [1, 2]}}}",
                "buffers.b.init",
                "has 2 values but count is 3");
        assertSpecError(
                "{\"ptx\": \"saxpy.ptx\", \"kernel\": \"saxpy\", \"grid\": [1], \"block\": [1], \"buffers\": "
                        + "{\"b\": {\"type\": \"s32\", \"count\": 3, \"init\": [1, 2.5, 3]}}}",
                "buffers.b.init[1]",
                "not an integer");
        assertSpecError(saxpySpec("missing.ptx", 10, 10, ""), "cannot read", "missing.ptx");
    }

    @Test
    void malformedJsonReportsLineAndColumn() throws IOException {
        assertSpecError("{\n  \"ptx\": \"saxpy.ptx\",\n  \"kernel\" \"saxpy\"\n}", "bad.json: line 3:12: ", "colon");
    }

    @SuppressWarnings("unchecked")
    @Test
    void theDocumentedExampleRuns() {
        Path example = Path.of("").toAbsolutePath();
        while (example != null && !Files.exists(example.resolve("docs/examples/saxpy.json"))) {
            example = example.getParent();
        }
        assertTrue(
                example != null,
                "docs/examples/saxpy.json not found above " + Path.of("").toAbsolutePath());
        GmacRun r =
                gmac("ptx", "run", example.resolve("docs/examples/saxpy.json").toString());
        assertEquals(0, r.exit(), r.err());
        Map<String, Object> json = (Map<String, Object>) PlainJson.parse(r.out());
        List<Object> y = (List<Object>) ((Map<String, Object>) json.get("buffers")).get("y");
        assertEquals(10, y.size());
        for (int i = 0; i < 10; i++) {
            assertEquals(2.5 * i + 1.5, ((BigDecimal) y.get(i)).doubleValue(), "y[" + i + "]");
        }
    }
}
