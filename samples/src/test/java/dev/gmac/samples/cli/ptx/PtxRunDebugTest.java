package dev.gmac.samples.cli.ptx;

import static dev.gmac.samples.cli.GmacRun.gmac;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.samples.cli.GmacRun;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Debugging like CUDA from {@code gmac ptx run} (issue 15): what kernels print with {@code printf} goes to stderr
 * launch by launch, before a fault's line; faults name the {@code .cu} line and the spec's buffers. The specs are
 * {@code docs/examples/debug/*.json}, on the kernels of {@code gpu-model/src/test/cuda/debug_*.cu}.
 */
class PtxRunDebugTest {
    @TempDir
    Path dir;

    private static Path repository() {
        Path root = Path.of("").toAbsolutePath();
        while (root != null && !Files.isDirectory(root.resolve("docs/examples"))) {
            root = root.getParent();
        }
        assertTrue(root != null, "docs/examples above " + Path.of("").toAbsolutePath());
        return root;
    }

    private static String example(String name) {
        return repository().resolve("docs/examples/debug").resolve(name).toString();
    }

    /** Done-when of issue 15: the printf lines, then the fault naming the .cu file and line; stdout stays empty. */
    @Test
    void printfLinesThenTheAssertionOnStderr() {
        GmacRun r = gmac("ptx", "run", example("printf-assert.json"));
        assertEquals(1, r.exit());
        assertEquals("", r.out());
        List<String> lines = r.err().lines().toList();
        assertEquals(9, lines.size(), r.err());
        for (int i = 0; i < 8; i++) {
            assertEquals("block " + i / 4 + " thread " + i % 4 + ": value " + i + " of 6", lines.get(i));
        }
        assertTrue(
                lines.get(8)
                        .startsWith("gmac: kernel fault ASSERTION in print_then_assert at PTX line 111:2 call.uni"
                                + " (debug_printf.cu:10), CTA (1,0,0), thread (2,0,0): debug_printf.cu:10: void"
                                + " print_then_assert(const int *, int): Assertion `values[i] < limit` failed."),
                lines.get(8));
    }

    @Test
    void aFaultNamesTheCudaLineAndTheSpecBuffer() {
        GmacRun r = gmac("ptx", "run", example("read-before.json"));
        assertEquals(1, r.exit());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(
                r.err()
                        .contains("(gpu-model/src/test/cuda/debug_lineinfo.cu:8:5, inlined at"
                                + " gpu-model/src/test/cuda/debug_lineinfo.cu:14:5)"),
                r.err());
        assertTrue(r.err().contains(": global access of 4 bytes, 512 bytes before buffer a (offset -512"), r.err());
    }

    @Test
    void deviceMallocAndFreeWork() {
        GmacRun r = gmac("ptx", "run", example("heap-sum.json"));
        assertEquals(0, r.exit(), r.err());
        assertEquals("", r.err());
        assertTrue(r.out().contains("\"sums\": [45, 55, 65, 75, 85, 95, 105, 115]"), r.out());
    }

    /** Output in launch order, each launch's after it; after a swap the buffers keep their spec names in faults. */
    @Test
    void outputInLaunchOrderAndNamesFollowSwaps() throws IOException {
        Path ptx = repository().resolve("gpu-model/src/test/resources/ptx");
        String spec = "{\"ptx\": {\"p\": \"" + ptx.resolve("debug_printf.ptx") + "\", \"l\": \""
                + ptx.resolve("debug_lineinfo.ptx") + "\"},\n"
                + " \"buffers\": {\"v\": {\"type\": \"s32\", \"count\": 2, \"init\": {\"iota\": 0}},\n"
                + "   \"a\": {\"type\": \"f32\", \"count\": 64}, \"b\": {\"type\": \"f32\", \"count\": 64}},\n"
                + " \"launches\": [\n"
                + "  {\"module\": \"p\", \"kernel\": \"print_then_assert\", \"grid\": [1], \"block\": [2],"
                + " \"args\": [{\"buf\": \"v\"}, {\"s32\": 9}], \"repeat\": 2},\n"
                + "  {\"module\": \"l\", \"kernel\": \"read_before\", \"grid\": [1], \"block\": [64],"
                + " \"args\": [{\"buf\": \"a\"}, {\"buf\": \"b\"}, {\"s32\": 0}], \"swap\": [\"a\", \"b\"]},\n"
                + "  {\"module\": \"l\", \"kernel\": \"read_before\", \"grid\": [1], \"block\": [64],"
                + " \"args\": [{\"buf\": \"a\"}, {\"buf\": \"b\"}, {\"s32\": 1}]}\n"
                + " ]}\n";
        Path file = dir.resolve("debug.json");
        Files.writeString(file, spec, StandardCharsets.UTF_8);
        GmacRun r = gmac("ptx", "run", file.toString());
        assertEquals(1, r.exit(), r.out());
        List<String> lines = r.err().lines().toList();
        assertEquals(
                List.of(
                        "block 0 thread 0: value 0 of 9",
                        "block 0 thread 1: value 1 of 9",
                        "block 0 thread 0: value 0 of 9",
                        "block 0 thread 1: value 1 of 9"),
                lines.subList(0, 4));
        assertEquals(5, lines.size(), r.err());
        // the third launch reads a[-1] where "a" is the allocation first named "b"
        assertTrue(lines.get(4).contains("4 bytes before buffer a (offset -4 of its 256 bytes"), lines.get(4));
    }
}
