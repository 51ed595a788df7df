package dev.gmac.samples.cli.ptx;

import static dev.gmac.samples.cli.GmacRun.gmac;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.samples.cli.GmacRun;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.StringJoiner;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Multi-launch specs of {@code gmac ptx run} (issue 15, item 1), run in-process: a two-kernel-per-level BFS looped
 * until no frontier, a ping-pong stencil, a blocked three-kernel LU decomposition, each checked against a plain Java
 * reference, and the spec features they use (struct buffers, files, offsets, several modules, CUDA names, default
 * print, {@code --out}).
 */
class MultiLaunchTest {
    @TempDir
    Path dir;

    @BeforeEach
    void copyPtx() throws IOException {
        for (String name : List.of("multi_bfs", "multi_stencil", "multi_lud", "multi_small")) {
            try (InputStream in = MultiLaunchTest.class.getResourceAsStream("/ptx/" + name + ".ptx")) {
                assertTrue(in != null, name + ".ptx on the test class path");
                Files.write(dir.resolve(name + ".ptx"), in.readAllBytes());
            }
        }
    }

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    private static Map<String, Object> json(GmacRun r) {
        return r.json();
    }

    @SuppressWarnings("unchecked")
    private static List<Object> buffer(Map<String, Object> json, String name) {
        return (List<Object>) ((Map<String, Object>) json.get("buffers")).get(name);
    }

    private static String floats(float[] values) {
        StringJoiner j = new StringJoiner(", ", "[", "]");
        for (float v : values) {
            j.add(Float.toString(v));
        }
        return j.toString();
    }

    private static float[] asFloats(List<Object> values) {
        float[] f = new float[values.size()];
        for (int i = 0; i < f.length; i++) {
            f[i] = ((BigDecimal) values.get(i)).floatValue();
        }
        return f;
    }

    // ---- BFS: two kernels per level, looped until the frontier is empty ---------------------------------------

    @SuppressWarnings("unchecked")
    @Test
    void bfsRunsTwoKernelsPerLevelUntilNoFrontierAndMatchesJava() throws IOException {
        int n = 2000;
        Random random = new Random(15);
        List<List<Integer>> adjacency = new ArrayList<>();
        for (int v = 0; v < n; v++) {
            adjacency.add(new ArrayList<>());
        }
        for (int v = 1; v < n; v++) { // a random tree keeps everything reachable, plus random extra edges
            int parent = random.nextInt(v);
            adjacency.get(parent).add(v);
            adjacency.get(v).add(parent);
        }
        for (int e = 0; e < 2 * n; e++) {
            adjacency.get(random.nextInt(n)).add(random.nextInt(n));
        }
        ByteBuffer nodes = ByteBuffer.allocate(8 * n).order(ByteOrder.LITTLE_ENDIAN);
        List<Integer> edgeList = new ArrayList<>();
        for (List<Integer> targets : adjacency) {
            nodes.putInt(edgeList.size()).putInt(targets.size());
            edgeList.addAll(targets);
        }
        ByteBuffer edges = ByteBuffer.allocate(4 * edgeList.size()).order(ByteOrder.LITTLE_ENDIAN);
        edgeList.forEach(edges::putInt);
        Files.write(dir.resolve("nodes.bin"), nodes.array());
        Files.write(dir.resolve("edges.bin"), edges.array());
        int source = 7;

        Path spec = write(
                "bfs.json",
                "{\"ptx\": \"multi_bfs.ptx\",\n"
                        + " \"buffers\": {\n"
                        + "  \"nodes\": {\"type\": [{\"start\": \"s32\"}, {\"edges\": \"s32\"}], \"init\": {\"file\": \"nodes.bin\"}},\n"
                        + "  \"edges\": {\"type\": \"s32\", \"init\": {\"file\": \"edges.bin\"}},\n"
                        + "  \"mask\": {\"type\": \"u8\", \"count\": " + n + "},\n"
                        + "  \"updating\": {\"type\": \"u8\", \"count\": " + n + "},\n"
                        + "  \"visited\": {\"type\": \"u8\", \"count\": " + n + "},\n"
                        + "  \"cost\": {\"type\": \"s32\", \"count\": " + n + ", \"init\": {\"fill\": -1}},\n"
                        + "  \"more\": {\"type\": \"s32\", \"count\": 1}},\n"
                        + " \"launches\": [\n"
                        + "  {\"kernel\": \"scale\", \"module\": \"small\", \"grid\": 1, \"block\": 1, \"args\": [{\"buf\": \"edges\"}, {\"s32\": 0}, {\"f32\": 1}]},\n"
                        + "  {\"loop\": [\n"
                        + "    {\"kernel\": \"bfs_expand\", \"grid\": [" + (n + 255) / 256 + "], \"block\": [256],\n"
                        + "     \"args\": [{\"buf\": \"nodes\"}, {\"buf\": \"edges\"}, {\"buf\": \"mask\"}, {\"buf\": \"updating\"},"
                        + " {\"buf\": \"visited\"}, {\"buf\": \"cost\"}, {\"s32\": " + n + "}]},\n"
                        + "    {\"kernel\": \"bfs_commit\", \"grid\": [" + (n + 255) / 256 + "], \"block\": [256],\n"
                        + "     \"args\": [{\"buf\": \"mask\"}, {\"buf\": \"updating\"}, {\"buf\": \"visited\"}, {\"buf\": \"more\"}, {\"s32\": "
                        + n + "}]}\n"
                        + "   ], \"untilZero\": \"more\", \"max\": 1000}],\n"
                        + " \"print\": [\"cost\"]}\n");
        // the source: in the frontier, visited, cost 0 (set through the init lists' "fill" and one-element edits)
        String text = Files.readString(spec)
                .replace(
                        "\"mask\": {\"type\": \"u8\", \"count\": " + n + "}",
                        "\"mask\": {\"type\": \"u8\", \"init\": " + oneHot(n, source, "1", "0") + "}")
                .replace(
                        "\"visited\": {\"type\": \"u8\", \"count\": " + n + "}",
                        "\"visited\": {\"type\": \"u8\", \"init\": " + oneHot(n, source, "1", "0") + "}")
                .replace("\"init\": {\"fill\": -1}", "\"init\": " + oneHot(n, source, "0", "-1"))
                .replace(
                        "\"ptx\": \"multi_bfs.ptx\"",
                        "\"ptx\": {\"bfs\": \"multi_bfs.ptx\", \"small\": \"multi_small.ptx\"}");
        Files.writeString(spec, text);

        Map<String, Object> out = json(gmac("ptx", "run", spec.toString()));
        int[] expected = javaBfs(adjacency, source);
        List<Object> cost = buffer(out, "cost");
        int levels = Arrays.stream(expected).max().getAsInt();
        for (int v = 0; v < n; v++) {
            assertEquals(BigDecimal.valueOf(expected[v]), cost.get(v), "cost[" + v + "]");
        }
        List<Object> launches = (List<Object>) out.get("launches");
        // one scale launch, then two kernels per level: levels+1 iterations (the last finds nothing new)
        assertEquals(1 + 2 * (levels + 1), launches.size());
        assertEquals("launches[1].loop[0]", ((Map<String, Object>) launches.get(1)).get("step"));
        assertEquals(BigDecimal.valueOf(launches.size()), ((Map<String, Object>) out.get("stats")).get("launches"));
    }

    private static String oneHot(int n, int at, String hot, String cold) {
        StringJoiner j = new StringJoiner(",", "[", "]");
        for (int i = 0; i < n; i++) {
            j.add(i == at ? hot : cold);
        }
        return j.toString();
    }

    private static int[] javaBfs(List<List<Integer>> adjacency, int source) {
        int[] cost = new int[adjacency.size()];
        Arrays.fill(cost, -1);
        cost[source] = 0;
        ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(source));
        while (!queue.isEmpty()) {
            int v = queue.poll();
            for (int w : adjacency.get(v)) {
                if (cost[w] < 0) {
                    cost[w] = cost[v] + 1;
                    queue.add(w);
                }
            }
        }
        return cost;
    }

    // ---- ping-pong stencil ---------------------------------------------------------------------------------------

    @Test
    void pingPongStencilSwapsBuffersBetweenStepsAndMatchesJava() throws IOException {
        int w = 37;
        int h = 23;
        int steps = 9;
        float k = 0.2f;
        Random random = new Random(2015);
        float[] grid = new float[w * h];
        for (int i = 0; i < grid.length; i++) {
            grid[i] = random.nextFloat() * 100f;
        }
        Path spec = write(
                "heat.json",
                "{\"ptx\": \"multi_stencil.ptx\",\n"
                        + " \"buffers\": {\"a\": {\"type\": \"f32\", \"init\": " + floats(grid) + "},\n"
                        + "             \"b\": {\"type\": \"f32\", \"count\": " + grid.length + "}},\n"
                        + " \"launches\": [{\"kernel\": \"heat_step\", \"grid\": [3, 3], \"block\": [16, 8],\n"
                        + "   \"args\": [{\"buf\": \"a\"}, {\"buf\": \"b\"}, {\"s32\": " + w + "}, {\"s32\": " + h
                        + "}, {\"f32\": " + k + "}],\n"
                        + "   \"repeat\": " + steps + ", \"swap\": [\"a\", \"b\"]}],\n"
                        + " \"print\": [\"a\"]}\n");
        Map<String, Object> out = json(gmac("ptx", "run", spec.toString()));
        float[] expected = grid.clone();
        float[] next = new float[grid.length];
        for (int s = 0; s < steps; s++) {
            for (int y = 0; y < h; y++) {
                for (int x = 0; x < w; x++) {
                    int c = y * w + x;
                    if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
                        next[c] = expected[c];
                    } else {
                        float sum = expected[c - w] + expected[c + w] + expected[c - 1] + expected[c + 1];
                        float lap = sum - 4.0f * expected[c];
                        next[c] = expected[c] + k * lap;
                    }
                }
            }
            float[] t = expected;
            expected = next;
            next = t;
        }
        assertArrayEquals(expected, asFloats(buffer(out, "a")), "after " + steps + " steps, a holds the latest grid");
    }

    // ---- blocked LU: three kernels per step ----------------------------------------------------------------------

    @Test
    void blockedLuRunsThreeKernelsPerStepAndMatchesJava() throws IOException {
        int n = 64;
        int bs = 16;
        Random random = new Random(16);
        float[] m = new float[n * n];
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                m[r * n + c] = random.nextFloat() - 0.5f + (r == c ? n : 0); // diagonally dominant
            }
        }
        ByteBuffer bytes = ByteBuffer.allocate(4 * n * n).order(ByteOrder.LITTLE_ENDIAN);
        for (float v : m) {
            bytes.putFloat(v);
        }
        Files.write(dir.resolve("matrix.bin"), bytes.array());
        StringJoiner launches = new StringJoiner(",\n");
        for (int offset = 0; offset < n; offset += bs) {
            String args = "\"args\": [{\"buf\": \"m\"}, {\"s32\": " + n + "}, {\"s32\": " + offset + "}]";
            launches.add("{\"kernel\": \"lud_diagonal\", \"grid\": 1, \"block\": " + bs + ", " + args + "}");
            int rest = (n - offset) / bs - 1;
            if (rest > 0) {
                launches.add(
                        "{\"kernel\": \"lud_perimeter\", \"grid\": " + rest + ", \"block\": " + bs + ", " + args + "}");
                launches.add("{\"kernel\": \"lud_internal\", \"grid\": [" + rest + ", " + rest + "], \"block\": [" + bs
                        + ", " + bs + "], " + args + "}");
            }
        }
        Path spec = write(
                "lud.json",
                "{\"ptx\": \"multi_lud.ptx\", \"buffers\": {\"m\": {\"type\": \"f32\", \"init\": {\"file\": \"matrix.bin\"}}},\n"
                        + " \"launches\": [" + launches + "]}\n");
        Path outDir = dir.resolve("out");
        GmacRun r = gmac("ptx", "run", "--out", outDir.toString(), spec.toString());
        assertEquals(0, r.exit(), r.err());
        ByteBuffer result =
                ByteBuffer.wrap(Files.readAllBytes(outDir.resolve("m.bin"))).order(ByteOrder.LITTLE_ENDIAN);
        float[] got = new float[n * n];
        result.asFloatBuffer().get(got);
        // right-looking Doolittle, one k at a time: the same operations in the same order as the blocked kernels
        float[] a = m.clone();
        for (int kk = 0; kk < n; kk++) {
            for (int row = kk + 1; row < n; row++) {
                a[row * n + kk] = a[row * n + kk] / a[kk * n + kk];
            }
            for (int row = kk + 1; row < n; row++) {
                for (int c = kk + 1; c < n; c++) {
                    a[row * n + c] = a[row * n + c] - a[row * n + kk] * a[kk * n + c];
                }
            }
        }
        assertArrayEquals(a, got, "L\\U in place");
        assertTrue(r.out().contains("\"m\": {\n      \"file\": "), r.out());
        assertTrue(r.out().contains("\"launches\": 10"), "4 diagonal + 3 perimeter + 3 internal: " + r.out());
    }

    // ---- spec features ---------------------------------------------------------------------------------------

    @Test
    void repeatedLaunchesKeepTheirBuffersAndPrintDefaultsToWrittenOnes() throws IOException {
        Path spec = write(
                "repeat.json",
                "{\"ptx\": \"multi_small.ptx\", \"buffers\": {\"a\": {\"type\": \"f32\", \"init\": [0, 1, 2, 3]},"
                        + " \"untouched\": {\"type\": \"s32\", \"init\": [5]}},"
                        + " \"launches\": [{\"kernel\": \"add_one\", \"grid\": 1, \"block\": 4,"
                        + " \"args\": [{\"buf\": \"a\"}, {\"s32\": 4}], \"repeat\": 31}]}");
        Map<String, Object> out = json(gmac("ptx", "run", spec.toString()));
        assertEquals(List.of("a"), List.copyOf(((Map<?, ?>) out.get("buffers")).keySet()), "only what changed");
        assertArrayEquals(new float[] {31, 32, 33, 34}, asFloats(buffer(out, "a")));
        assertEquals(31, ((List<?>) out.get("launches")).size());
    }

    @Test
    void aBufferArgumentMayCarryAByteOffset() throws IOException {
        Path spec = write(
                "offset.json",
                "{\"ptx\": \"multi_small.ptx\", \"buffers\": {\"a\": {\"type\": \"f32\", \"init\": [0, 0, 0, 0]}},"
                        + " \"launches\": [{\"kernel\": \"add_one\", \"grid\": 1, \"block\": 4,"
                        + " \"args\": [{\"buf\": \"a\", \"offset\": 8}, {\"s32\": 2}]}]}");
        assertArrayEquals(new float[] {0, 0, 1, 1}, asFloats(buffer(json(gmac("ptx", "run", spec.toString())), "a")));
    }

    @Test
    void structBuffersPrintAsObjects() throws IOException {
        Path spec = write(
                "struct.json",
                "{\"ptx\": \"multi_small.ptx\", \"buffers\": {\"s\": {\"type\": [{\"tag\": \"u8\"}, {\"value\": \"f64\"}, \"s16\"],"
                        + " \"init\": [{\"tag\": 1, \"value\": 2.5, \"f2\": -3}, [255, -1, 7]]}},"
                        + " \"kernel\": \"add_one\", \"grid\": 1, \"block\": 1, \"args\": [{\"buf\": \"s\"}, {\"s32\": 0}],"
                        + " \"print\": [\"s\"]}");
        String out = gmac("ptx", "run", spec.toString()).out();
        assertTrue(out.contains("\"tag\": 1,\n        \"value\": 2.5,\n        \"f2\": -3"), out);
        assertTrue(out.contains("\"tag\": 255"), out);
    }

    @Test
    void severalModulesAndAmbiguousNames() throws IOException {
        String launch =
                "\"launches\": [{\"kernel\": \"add_one\", \"grid\": 1, \"block\": 1, \"args\": [{\"buf\": \"a\"}, {\"s32\": 1}]}]";
        Path ambiguous = write(
                "two.json",
                "{\"ptx\": {\"one\": \"multi_small.ptx\", \"two\": \"multi_small.ptx\"},"
                        + " \"buffers\": {\"a\": {\"type\": \"f32\", \"init\": [1]}}, " + launch + "}");
        GmacRun r = gmac("ptx", "run", ambiguous.toString());
        assertEquals(1, r.exit());
        assertTrue(
                r.err().contains("launches[0].kernel: \"add_one\" is ambiguous")
                        && r.err().contains("\"module\""),
                r.err());
        Path named = write(
                "named.json",
                Files.readString(ambiguous)
                        .replace("\"kernel\": \"add_one\"", "\"kernel\": \"add_one\", \"module\": \"two\""));
        assertArrayEquals(new float[] {2}, asFloats(buffer(json(gmac("ptx", "run", named.toString())), "a")));
    }

    @Test
    void kernelsAreFoundByTheirCudaOrPtxName() throws IOException {
        String body =
                ", \"buffers\": {\"a\": {\"type\": \"f32\", \"count\": 4}, \"b\": {\"type\": \"f32\", \"count\": 4}},"
                        + " \"grid\": 1, \"block\": [2, 2], \"args\": [{\"buf\": \"a\"}, {\"buf\": \"b\"}, {\"s32\": 2}, {\"s32\": 2}, {\"f32\": 0.5}]}";
        for (String name : List.of("heat_step", "_Z9heat_stepPKfPfiif")) {
            Path spec = write("k.json", "{\"ptx\": \"multi_stencil.ptx\", \"kernel\": \"" + name + "\"" + body);
            assertEquals(0, gmac("ptx", "run", spec.toString()).exit(), name);
        }
        Path spec = write("k.json", "{\"ptx\": \"multi_stencil.ptx\", \"kernel\": \"heat\"" + body);
        GmacRun r = gmac("ptx", "run", spec.toString());
        assertEquals(1, r.exit());
        assertTrue(r.err().contains("kernels: heat_step = _Z9heat_stepPKfPfiif"), r.err());
    }

    @Test
    void aLoopThatNeverEndsStopsAtItsCap() throws IOException {
        Path spec = write(
                "cap.json",
                "{\"ptx\": \"multi_small.ptx\", \"buffers\": {\"flag\": {\"type\": \"f32\", \"init\": [1]}},"
                        + " \"launches\": [{\"loop\": [{\"kernel\": \"add_one\", \"grid\": 1, \"block\": 1,"
                        + " \"args\": [{\"buf\": \"flag\"}, {\"s32\": 1}]}], \"untilZero\": \"flag\", \"max\": 5}]}");
        GmacRun r = gmac("ptx", "run", spec.toString());
        assertEquals(1, r.exit());
        assertTrue(r.err().contains("launches[0]: buffer \"flag\" was still not zero after 5 iterations"), r.err());
    }

    @Test
    void argumentsMustFitTheirParameters() throws IOException {
        String prefix = "{\"ptx\": \"multi_small.ptx\", \"buffers\": {\"a\": {\"type\": \"f32\", \"init\": [1]}},"
                + " \"kernel\": \"scale\", \"grid\": 1, \"block\": 1, \"args\": [{\"buf\": \"a\"}, {\"s32\": 1}, ";
        GmacRun r = gmac(
                "ptx", "run", write("f.json", prefix + "{\"buf\": \"a\"}]}").toString());
        assertEquals(1, r.exit());
        assertTrue(
                r.err().contains("args[2]: parameter 2 of scale is .f32 (4 bytes): a buffer address needs"), r.err());
        r = gmac("ptx", "run", write("f.json", prefix + "{\"s32\": 2}]}").toString());
        assertEquals(1, r.exit());
        assertTrue(r.err().contains("which a s32 argument (4 bytes) does not fit"), r.err());
        r = gmac(
                "ptx",
                "run",
                write(
                                "f.json",
                                prefix.replace(
                                                "{\"buf\": \"a\"}, {\"s32\"",
                                                "{\"buf\": \"a\", \"offset\": 5}, {\"s32\"")
                                        + "{\"f32\": 2}]}")
                        .toString());
        assertEquals(1, r.exit());
        assertTrue(r.err().contains("offset: 5 is not an integer from 0 to 4"), r.err());
    }

    @Test
    void everyDocumentedExampleRuns() throws IOException {
        Path root = Path.of("").toAbsolutePath();
        while (root != null && !Files.isDirectory(root.resolve("docs/examples"))) {
            root = root.getParent();
        }
        assertTrue(root != null, "docs/examples above " + Path.of("").toAbsolutePath());
        try (var examples = Files.list(root.resolve("docs/examples"))) {
            List<Path> specs = examples.filter(p -> p.toString().endsWith(".json"))
                    .sorted()
                    .toList();
            assertTrue(specs.size() >= 4, specs.toString());
            for (Path spec : specs) {
                GmacRun r = gmac("ptx", "run", spec.toString());
                assertEquals(0, r.exit(), spec + ": " + r.err());
            }
        }
        Map<String, Object> heat = json(gmac(
                "ptx", "run", root.resolve("docs/examples/heat-pingpong.json").toString()));
        float[] a = asFloats(buffer(heat, "a"));
        assertEquals(12.5f, a[12], "the centre after four steps of k = 0.25, as docs/ptx-run.md shows");
    }
}
