package dev.gmac.gpu;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Vends kernel launch identifiers: unique, strictly increasing numbers that tag every launch, its
 * statistics and its faults, so that the order of launches on one device is recorded (the stream order of
 * the ADSM paper §3.3: calls are released in program order).
 *
 * <p>Thread-safe and lock-free. Memory ordering: {@link #next()} is a single {@code getAndAdd} on a
 * {@link VarHandle} with volatile semantics, so two concurrent callers never receive the same ID, and a
 * thread that observes ID {@code n} through {@link #lastIssued()} also observes every write made before the
 * launch that took {@code n} (the read is a volatile read of the same variable). Proven by the jcstress test
 * {@code dev.gmac.stress.gpu.LaunchIdsUniqueness}.
 */
public final class LaunchIds {
    private static final VarHandle NEXT;

    static {
        try {
            NEXT = MethodHandles.lookup().findVarHandle(LaunchIds.class, "next", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused") // accessed through NEXT only
    private volatile long next;

    /** Creates a vendor whose first ID is 1. */
    public LaunchIds() {
        this(1);
    }

    /** Creates a vendor whose first ID is {@code first}. */
    public LaunchIds(long first) {
        this.next = first;
    }

    /** Returns a fresh ID, greater than every ID returned before by this vendor. */
    public long next() {
        long id = (long) NEXT.getAndAdd(this, 1L);
        if (id == Long.MAX_VALUE) {
            throw new IllegalStateException("launch IDs exhausted");
        }
        return id;
    }

    /** The last ID handed out, or {@code first - 1} when none has been. */
    public long lastIssued() {
        return (long) NEXT.getVolatile(this) - 1;
    }
}
