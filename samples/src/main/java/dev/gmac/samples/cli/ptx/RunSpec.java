package dev.gmac.samples.cli.ptx;

import dev.gmac.gpu.Dim3;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A parsed {@code gmac ptx run} spec (format in {@code docs/ptx-run.md}): which kernel of which PTX file to launch
 * with which grid, block, dynamic shared memory, buffers and arguments, and which buffers to print.
 */
record RunSpec(
        Path ptx,
        String kernel,
        Dim3 grid,
        Dim3 block,
        int sharedBytes,
        Map<String, Buffer> buffers,
        List<Arg> args,
        List<String> print) {

    /** A device buffer of {@code count} elements of {@code type}, filled with {@code initialBits} (raw, per element). */
    record Buffer(String name, ElementType type, int count, long[] initialBits) {
        long byteSize() {
            return (long) count * type.bytes;
        }
    }

    /** One kernel argument. */
    sealed interface Arg permits BufferArg, ScalarArg {}

    /** The device address of a buffer. */
    record BufferArg(String buffer) implements Arg {}

    /** A scalar with its raw bits (f32 as its bit pattern, f64 likewise). */
    record ScalarArg(ElementType type, long rawBits) implements Arg {}
}
