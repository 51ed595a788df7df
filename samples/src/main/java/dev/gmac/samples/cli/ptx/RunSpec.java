package dev.gmac.samples.cli.ptx;

import dev.gmac.gpu.Dim3;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A parsed {@code gmac ptx run} spec (format in {@code docs/ptx-run.md}): the PTX modules, the device buffers with
 * their initial contents, the steps to run (kernel launches and loops over launches, in order, all on one device
 * so buffers persist between them) and which buffers to print.
 *
 * @param modules module name to PTX file (one module named {@code ""} when the spec's {@code ptx} is a path)
 * @param steps what to run, in order
 * @param print the buffers to print, or empty for the default (those the launches changed)
 * @param singleLaunch whether the spec is the one-launch form (top-level {@code kernel}); its output keeps the
 *     one-launch shape ({@code "stats"} is that launch's statistics)
 */
record RunSpec(
        Map<String, Path> modules,
        Map<String, Buffer> buffers,
        List<Step> steps,
        Optional<List<String>> print,
        boolean singleLaunch) {

    /**
     * A device buffer of {@code count} elements of {@code type}, starting as {@code initial} (little-endian bytes,
     * {@code count * type.bytes()} of them; all zeros when the spec gives no {@code init}).
     */
    record Buffer(String name, BufferType type, int count, byte[] initial) {
        long byteSize() {
            return (long) count * type.bytes();
        }

        boolean isScalar() {
            return count == 1 && !type.struct();
        }
    }

    /** One step of the spec's program. */
    sealed interface Step permits Launch, Loop {
        /** Where the step is in the spec, for messages: {@code launches[2]}, {@code launches[1].loop[0]}. */
        String key();
    }

    /**
     * A kernel launch, run {@code repeat} times; after each run the buffers named in {@code swap} (two, or none)
     * exchange their device memory (ping-pong).
     *
     * @param module the module name, or null to search every module
     * @param kernel the kernel as the spec names it: its PTX name, or its CUDA (demangled) name
     */
    record Launch(
            String key,
            String module,
            String kernel,
            Dim3 grid,
            Dim3 block,
            int sharedBytes,
            List<Arg> args,
            int repeat,
            List<String> swap)
            implements Step {}

    /**
     * Runs {@code body} until the scalar buffer {@code untilZero} reads zero after an iteration, at most {@code
     * max} iterations (more is an error). With {@code clearFirst} the buffer is set to zero before each iteration,
     * so the kernels set it when work remains (BFS's "frontier not empty" flag).
     */
    record Loop(String key, List<Step> body, String untilZero, int max, boolean clearFirst) implements Step {}

    /** One kernel argument. */
    sealed interface Arg permits BufferArg, ScalarArg {}

    /** The device address of a buffer plus a byte offset. */
    record BufferArg(String buffer, long offset) implements Arg {}

    /** A scalar with its raw bits (f32 as its bit pattern, f64 likewise). */
    record ScalarArg(ElementType type, long rawBits) implements Arg {}
}
