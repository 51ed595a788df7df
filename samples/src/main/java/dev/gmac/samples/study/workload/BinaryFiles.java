package dev.gmac.samples.study.workload;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Raw little-endian input and output files, the format {@code SharedBuffer.readFrom}/{@code writeTo} move
 * byte for byte. The explicit-copy baselines read and write the same files with these helpers.
 */
final class BinaryFiles {
    private BinaryFiles() {}

    static void writeFloats(Path file, float[] values) {
        ByteBuffer buffer = ByteBuffer.allocate(values.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        buffer.asFloatBuffer().put(values);
        write(file, buffer.array());
    }

    static float[] readFloats(Path file) {
        ByteBuffer buffer = ByteBuffer.wrap(read(file)).order(ByteOrder.LITTLE_ENDIAN);
        float[] values = new float[buffer.remaining() / Float.BYTES];
        buffer.asFloatBuffer().get(values);
        return values;
    }

    static void write(Path file, byte[] bytes) {
        try {
            Files.write(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
