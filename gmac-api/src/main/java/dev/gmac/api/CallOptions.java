package dev.gmac.api;

/**
 * The fluent form of a kernel call: {@code adsm.call(kernel, grid, block, args).writes(out).launch()}. Only
 * {@link #launch()} starts the call; until then nothing is released.
 */
public final class CallOptions {
    private final Adsm adsm;
    private final PtxKernel kernel;
    private final Dim3 grid;
    private final Dim3 block;
    private final Object[] args;
    private WriteSet writes;
    private int dynamicSharedBytes;

    CallOptions(Adsm adsm, PtxKernel kernel, Dim3 grid, Dim3 block, Object[] args) {
        this.adsm = adsm;
        this.kernel = kernel;
        this.grid = grid;
        this.block = block;
        this.args = args.clone();
    }

    /** The kernel writes only these buffers (the write-set annotation). */
    public CallOptions writes(SharedBuffer... buffers) {
        this.writes = WriteSet.of(buffers);
        return this;
    }

    public CallOptions writes(WriteSet value) {
        this.writes = value;
        return this;
    }

    /** Bytes of dynamic shared memory per CTA ({@code extern __shared__}). */
    public CallOptions dynamicSharedBytes(int bytes) {
        this.dynamicSharedBytes = bytes;
        return this;
    }

    /** Releases the shared buffers and starts the kernel; returns at once (like {@link Adsm#adsmCall}). */
    public void launch() {
        adsm.launch(kernel, grid, block, writes, dynamicSharedBytes, args);
    }
}
