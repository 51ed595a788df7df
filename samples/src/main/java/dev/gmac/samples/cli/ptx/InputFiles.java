package dev.gmac.samples.cli.ptx;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Reads the files the {@code ptx} commands take, checking before reading: the file must exist, be a regular file
 * (not a folder, device such as {@code /dev/zero}, pipe or socket) and fit the limit for its kind; text must be
 * UTF-8. Every problem is a {@link PtxToolException} whose one-line message names the file and what to fix.
 */
final class InputFiles {
    /** Largest PTX file or run spec, in bytes. */
    static final long MAX_TEXT_BYTES = 64L << 20;

    private InputFiles() {}

    /** The UTF-8 text of {@code file}, at most {@code maxBytes} long. */
    static String readText(Path file, long maxBytes) {
        byte[] bytes = read(file, checkedSize(file, maxBytes));
        return decodeUtf8(file, bytes);
    }

    /**
     * The bytes of {@code file}: exactly {@code expectedBytes} of them (or any number up to {@code maxBytes} when
     * {@code expectedBytes} is negative).
     */
    static byte[] readBinary(Path file, long expectedBytes, long maxBytes) {
        long size = checkedSize(file, maxBytes);
        if (expectedBytes >= 0 && size != expectedBytes) {
            throw new PtxToolException(file + ": holds " + size + " bytes but the buffer needs " + expectedBytes);
        }
        return read(file, size);
    }

    private static long checkedSize(Path file, long maxBytes) {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            throw new PtxToolException("cannot read " + file + ": no such file");
        } catch (AccessDeniedException e) {
            throw new PtxToolException("cannot read " + file + ": permission denied");
        } catch (IOException | SecurityException e) {
            throw new PtxToolException(
                    file + ": cannot read it (" + e.getClass().getSimpleName() + ")");
        }
        if (attributes.isDirectory()) {
            throw new PtxToolException("cannot read " + file + ": it is a folder, not a file");
        }
        if (!attributes.isRegularFile()) {
            throw new PtxToolException(
                    "cannot read " + file + ": it is not a regular file (a device, pipe or socket); give a file");
        }
        if (attributes.size() > maxBytes) {
            throw new PtxToolException("cannot read " + file + ": it is " + attributes.size() + " bytes, more than the "
                    + maxBytes + " this command reads");
        }
        return attributes.size();
    }

    private static byte[] read(Path file, long size) {
        try {
            byte[] bytes = Files.readAllBytes(file);
            if (bytes.length != size) {
                throw new PtxToolException(file + ": changed size while it was read; try again");
            }
            return bytes;
        } catch (AccessDeniedException e) {
            throw new PtxToolException("cannot read " + file + ": permission denied");
        } catch (IOException e) {
            throw new PtxToolException(
                    file + ": cannot read it (" + e.getClass().getSimpleName() + ")");
        }
    }

    /** Strict UTF-8: a malformed or unmappable byte is reported with its line and byte offset. */
    static String decodeUtf8(Path file, byte[] bytes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult result = decoder.decode(in, out, true);
        if (!result.isError()) {
            result = decoder.flush(out);
        }
        if (result.isError()) {
            int offset = in.position();
            int line = 1;
            for (int i = 0; i < offset; i++) {
                if (bytes[i] == '\n') {
                    line++;
                }
            }
            throw new PtxToolException(String.format(
                    "%s: line %d: not UTF-8 text (byte 0x%02X at offset %d); save the file as UTF-8",
                    file, line, bytes[offset] & 0xff, offset));
        }
        out.flip();
        return out.toString();
    }
}
