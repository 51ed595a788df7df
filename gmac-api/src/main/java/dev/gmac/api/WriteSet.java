package dev.gmac.api;

import java.util.List;

/**
 * The shared buffers a kernel call may write: the write-set annotation the ADSM paper proposes in §4.3 to
 * remove the "potential deficiency" it names there. Buffers outside the set keep their host copies across
 * the call (read-only or dirty), so reading them after the call moves nothing, and the host may even use
 * them while the kernel runs. The kernel must really write nothing else; an unannotated call (the paper's
 * behaviour) assumes it may write everything.
 */
public final class WriteSet {
    private final List<SharedBuffer> buffers;

    private WriteSet(List<SharedBuffer> buffers) {
        this.buffers = buffers;
    }

    /** The kernel writes only {@code buffers} (possibly none). */
    public static WriteSet of(SharedBuffer... buffers) {
        if (buffers == null) {
            throw new AdsmException(AdsmException.Reason.BAD_ARGUMENT, "a write set cannot be null");
        }
        for (SharedBuffer buffer : buffers) {
            if (buffer == null) {
                throw new AdsmException(AdsmException.Reason.BAD_ARGUMENT, "a write set cannot name null");
            }
        }
        return new WriteSet(List.of(buffers));
    }

    public List<SharedBuffer> buffers() {
        return buffers;
    }

    @Override
    public String toString() {
        return "WriteSet" + buffers;
    }
}
