package dev.gmac.gpu.property;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.LaunchStats;
import dev.gmac.gpu.SoftwareGpu;
import dev.gmac.gpu.ptx.PtxModule;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Property (issue 3, item 8): a random structured program (nested if/else, loops with data-dependent trip counts
 * and {@code break}, arithmetic on per-thread values), emitted directly as PTX and run on the software GPU with
 * several warps in two CTAs, gives every thread the same final variables as the scalar one-thread interpreter.
 * Under a correct SIMT reconvergence stack, divergence never changes a thread's result.
 *
 * <p>{@value #DEFAULT_PROGRAMS} programs by default; {@code -Dgmac.property.programs=N} and
 * {@code -Dgmac.property.seed=S} change the count and the first seed. A failure names its seed and prints the PTX;
 * rerun one program with {@code -Dgmac.property.seed=<seed> -Dgmac.property.programs=1}.
 */
class RandomStructuredProgramPropertyTest {
    static final int DEFAULT_PROGRAMS = 200;
    private static final int BLOCK = 96; // three warps
    private static final int GRID = 2;
    private static final int THREADS = 180; // the last warp of CTA 1 is partly idle

    private static SoftwareGpu gpu;
    /** Programs run so far whose launch had at least one divergent branch, and the deepest SIMT stack seen. */
    private static int divergentPrograms;

    private static int deepestStack;

    @BeforeAll
    static void startGpu() {
        gpu = new SoftwareGpu(dev.gmac.gpu.TestHardware.config());
    }

    @AfterAll
    static void stopGpu() {
        if (gpu != null) {
            gpu.close();
        }
    }

    @TestFactory
    Stream<DynamicTest> randomProgramsMatchTheScalarInterpreter() {
        long first = Long.getLong("gmac.property.seed", 1L);
        int count = Integer.getInteger("gmac.property.programs", DEFAULT_PROGRAMS);
        Stream<DynamicTest> programs = LongStream.range(first, first + count)
                .mapToObj(seed -> DynamicTest.dynamicTest("seed " + seed, () -> check(seed)));
        if (count < 20) {
            return programs;
        }
        // Runs after the programs (the stream is consumed in order): the generator must really make warps diverge,
        // or the property says nothing about reconvergence.
        DynamicTest diverged = DynamicTest.dynamicTest("the programs diverge and nest", () -> {
            assertTrue(divergentPrograms >= count / 2, divergentPrograms + " of " + count + " programs diverged");
            assertTrue(deepestStack >= 4, "deepest SIMT stack " + deepestStack);
        });
        return Stream.concat(programs, Stream.of(diverged));
    }

    private static void check(long seed) {
        StructuredProgram program = new RandomProgramGenerator(seed).generate();
        String ptx = PtxProgramEmitter.emit(program, seed * 31 + 7);
        int[] input = new int[StructuredProgram.INPUT_WORDS];
        Random rnd = new Random(seed ^ 0x5eedL);
        for (int i = 0; i < input.length; i++) {
            input[i] = rnd.nextInt(4) == 0 ? rnd.nextInt() : rnd.nextInt(64) - 16;
        }
        int vars = program.variableCount();
        int[] expected = new int[THREADS * vars];
        for (int t = 0; t < THREADS; t++) {
            System.arraycopy(ScalarInterpreter.run(program, input, t), 0, expected, t * vars, vars);
        }
        int[] actual;
        long dIn = 0;
        long dOut = 0;
        try {
            PtxModule module = gpu.load(ptx);
            dIn = gpu.malloc(4L * input.length);
            dOut = gpu.malloc(4L * expected.length);
            ByteBuffer in = ByteBuffer.allocate(4 * input.length).order(ByteOrder.LITTLE_ENDIAN);
            in.asIntBuffer().put(input);
            gpu.copyToDevice(dIn, in);
            gpu.memset(dOut, 0, 4L * expected.length);
            LaunchStats stats =
                    gpu.launch(module, PtxProgramEmitter.KERNEL, Dim3.of(GRID), Dim3.of(BLOCK), 0, dIn, dOut, THREADS);
            if (stats.divergentBranches() > 0) {
                divergentPrograms++;
            }
            deepestStack = Math.max(deepestStack, stats.maxStackDepth());
            ByteBuffer out = ByteBuffer.allocate(4 * expected.length).order(ByteOrder.LITTLE_ENDIAN);
            gpu.copyFromDevice(dOut, out);
            actual = new int[expected.length];
            out.asIntBuffer().get(actual);
        } catch (RuntimeException e) {
            fail("seed " + seed + ": " + e + "\n" + program + "\n" + ptx, e);
            return;
        } finally {
            if (dIn != 0) {
                gpu.free(dIn);
            }
            if (dOut != 0) {
                gpu.free(dOut);
            }
        }
        for (int t = 0; t < THREADS; t++) {
            for (int k = 0; k < vars; k++) {
                if (expected[t * vars + k] != actual[t * vars + k]) {
                    fail("seed " + seed + ": thread " + t + " variable v" + k + " expected " + expected[t * vars + k]
                            + " got " + actual[t * vars + k] + "\n" + program + "\nPTX:\n" + ptx);
                }
            }
        }
        assertArrayEquals(expected, actual);
    }
}
