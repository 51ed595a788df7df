package dev.gmac.api;

import java.util.ArrayList;
import java.util.List;

/**
 * The fluent form of a kernel call: {@code adsm.call(kernel, grid, block, args).writes(out).launch()}. Only
 * {@link #launch()} starts the call; until then nothing is released.
 */
public final class CallOptions {
    private final Adsm adsm;
    private final AdsmContext context;
    private final PtxKernel kernel;
    private final Dim3 grid;
    private final Dim3 block;
    private final Object[] args;
    private final List<SharedBuffer> alsoReaches = new ArrayList<>();
    private boolean reachesWholeContext;
    private WriteSet writes;
    private int dynamicSharedBytes;

    /** @param context the calling context, or null for the launching thread's own */
    CallOptions(Adsm adsm, AdsmContext context, PtxKernel kernel, Dim3 grid, Dim3 block, Object[] args) {
        this.adsm = adsm;
        this.context = context;
        this.kernel = kernel;
        this.grid = grid;
        this.block = block;
        this.args = args == null ? null : args.clone();
    }

    /**
     * The kernel also reaches these buffers, which are not among its arguments (through pointers stored in
     * memory, say): the call releases and acquires them too.
     */
    public CallOptions reaches(SharedBuffer... buffers) {
        for (SharedBuffer buffer : buffers) {
            if (buffer == null) {
                throw new AdsmException(AdsmException.Reason.BAD_ARGUMENT, "reaches() cannot name null");
            }
            alsoReaches.add(buffer);
        }
        return this;
    }

    /**
     * The kernel may reach every buffer of the calling context (the ADSM paper's minimal implementation,
     * §3.3): the call releases and acquires all of them.
     */
    public CallOptions reachesWholeContext() {
        this.reachesWholeContext = true;
        return this;
    }

    /** The kernel writes only these buffers (the write-set annotation). */
    public CallOptions writes(SharedBuffer... buffers) {
        if (buffers == null) {
            throw new AdsmException(AdsmException.Reason.BAD_ARGUMENT, "the write set must not be null");
        }
        this.writes = WriteSet.of(buffers);
        return this;
    }

    public CallOptions writes(WriteSet value) {
        if (value == null) {
            throw new AdsmException(AdsmException.Reason.BAD_ARGUMENT, "the write set must not be null");
        }
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
        adsm.launch(context, kernel, grid, block, writes, alsoReaches, reachesWholeContext, dynamicSharedBytes, args);
    }
}
