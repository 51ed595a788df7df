package dev.gmac.gpu;

import java.util.concurrent.Callable;

/**
 * What a launch may do to each device allocation, checked by the launch's memory port (the software GPU sees
 * every access): an ADSM call reaches only the buffers it was given (ADSM paper, Gelado et al., ASPLOS 2010,
 * §3.2: "the accelerator executing a method will access only shared data objects explicitly assigned to the
 * method"), and may write only its write set. A denied access is a {@link KernelFaultException} ({@link
 * FaultKind#OUTSIDE_REACH}) naming the allocation (by {@link #describe}), the PTX line and the thread.
 *
 * <p>The port asks once per allocation and launch ({@link LaunchGuard} remembers the answer): an allowed
 * read-write allocation is then accessed at full speed, loads of a read-only one too, while every store to a
 * read-only allocation (denied) or to a {@link Permission#READ_WRITE_TRACKED} one (reported to {@link #wrote})
 * takes the port's slow path.
 *
 * <p>A guard is installed for the launches prepared by one thread while {@link #during} runs (a launch captures
 * the current guard when it is prepared), so it reaches launches made inside other APIs ({@code TimedLaunch}).
 */
public interface AccessGuard {

    /** What a launch may do to one allocation. */
    enum Permission {
        /** Nothing: the launch does not reach it. */
        NONE,
        /** Loads only. */
        READ,
        /** Loads, stores and atomics. */
        READ_WRITE,
        /**
         * Loads, stores and atomics, every store and atomic reported to {@link #wrote} (device-side dirty tracking,
         * an assumed hardware feature: the GPU records which parts of an allocation a kernel wrote).
         */
        READ_WRITE_TRACKED
    }

    /** The permission for the allocation that starts at device address {@code base}. */
    Permission permission(long base);

    /** The allocation that starts at {@code base}, for messages (e.g. a buffer's name and size). */
    String describe(long base);

    /**
     * A store or atomic of {@code size} bytes at {@code offset} of the {@link Permission#READ_WRITE_TRACKED}
     * allocation at {@code base}. Called on the launch's thread (a launch runs on one); whatever waits for the
     * launch to end (a future's get) sees every call.
     */
    default void wrote(long base, long offset, int size) {}

    /** Runs {@code work} with {@code guard} installed for the launches this thread prepares meanwhile. */
    static <T> T during(AccessGuard guard, Callable<T> work) throws Exception {
        java.util.Objects.requireNonNull(guard, "guard");
        AccessGuard previous = Installed.CURRENT.get();
        Installed.CURRENT.set(guard);
        try {
            return work.call();
        } finally {
            if (previous == null) {
                Installed.CURRENT.remove();
            } else {
                Installed.CURRENT.set(previous);
            }
        }
    }

    /** The guard installed on this thread, or null. */
    static AccessGuard current() {
        return Installed.CURRENT.get();
    }

    /** The thread-local holder (an interface cannot have private static fields). */
    final class Installed {
        static final ThreadLocal<AccessGuard> CURRENT = new ThreadLocal<>();

        private Installed() {}
    }
}
