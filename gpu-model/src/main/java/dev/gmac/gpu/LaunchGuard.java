package dev.gmac.gpu;

import java.util.Arrays;

/**
 * One launch's view of its {@link AccessGuard}: asks the guard once per allocation and remembers the answer, so
 * the memory port's fast path stays a range compare. Used by the launch's memory port only when a guard was
 * installed ({@link AccessGuard#during}) as the launch was prepared.
 *
 * <p>Thread safety: none needed. A launch runs on one thread and so does its memory port (whose cached
 * allocation fields are plain), the only caller.
 */
public final class LaunchGuard {
    private static final byte UNKNOWN = 0;
    private static final byte READ_WRITE = 1;
    private static final byte READ_ONLY = 2;
    private static final byte TRACKED = 3;

    private final AccessGuard guard;
    private byte[] known = new byte[0];

    private LaunchGuard(AccessGuard guard) {
        this.guard = guard;
    }

    /** The guard installed on this thread for the launch being prepared, or null when none is. */
    public static LaunchGuard current() {
        AccessGuard guard = AccessGuard.current();
        return guard == null ? null : new LaunchGuard(guard);
    }

    /** A denied access; the memory port turns it into a {@link FaultKind#OUTSIDE_REACH} kernel fault. */
    public static final class Denied extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Denied(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * Checks an access of {@code size} bytes at {@code offset} of the allocation at {@code base} (in allocation
     * {@code slot} of global memory). Returns true when later stores to the allocation may take the fast path,
     * false when each must come back here (read-only or tracked); throws {@link Denied} for a forbidden access.
     */
    public boolean admit(int slot, long base, long offset, int size, boolean write) {
        byte permission = permission(slot, base);
        switch (permission) {
            case READ_WRITE:
                return true;
            case TRACKED:
                if (write) {
                    guard.wrote(base, offset, size);
                }
                return false;
            case READ_ONLY:
                if (write) {
                    throw new Denied("writes " + guard.describe(base) + ", which is outside the call's write set");
                }
                return false;
            default:
                throw new Denied(
                        (write ? "writes " : "reads ") + guard.describe(base) + ", which the call does not reach");
        }
    }

    private byte permission(int slot, long base) {
        byte[] k = known;
        if (slot < k.length && k[slot] != UNKNOWN) {
            return k[slot];
        }
        byte p =
                switch (guard.permission(base)) {
                    case READ_WRITE -> READ_WRITE;
                    case READ_WRITE_TRACKED -> TRACKED;
                    case READ -> READ_ONLY;
                    case NONE -> UNKNOWN;
                };
        if (p != UNKNOWN) {
            if (slot >= k.length) {
                k = known = Arrays.copyOf(k, Math.max(slot + 1, k.length * 2));
            }
            k[slot] = p;
        }
        return p;
    }
}
