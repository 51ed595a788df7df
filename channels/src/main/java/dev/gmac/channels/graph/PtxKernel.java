package dev.gmac.channels.graph;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * The GPU form of a kernel node: a kernel (an {@code .entry}) of a PTX module, compiled from CUDA that includes
 * {@code channels.cuh}. Its parameters are the kernel node's constant arguments 2, 3, ... in order; the element
 * each work-item processes (the paper's {@code srcID} and {@code srcOff}, Figure 6) comes from the aggregator's
 * dispatch record ({@code gmac_work_item}).
 *
 * @param source where the PTX came from, for messages
 * @param ptx    the module's text
 * @param entry  the kernel's name in it
 */
public record PtxKernel(String source, String ptx, String entry) {
    public PtxKernel {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(ptx, "ptx");
        Objects.requireNonNull(entry, "entry");
    }

    /** Kernel {@code entry} of the PTX module at class-path resource {@code path} (e.g. {@code /ptx/cilk_fib.ptx}). */
    public static PtxKernel resource(String path, String entry) {
        try (InputStream in = PtxKernel.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalArgumentException("no class-path resource " + path);
            }
            return new PtxKernel(path, new String(in.readAllBytes(), StandardCharsets.UTF_8), entry);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + path + ": " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return entry + " (" + source + ")";
    }
}
