package dev.gmac.gpu.ptx;

/**
 * Memory state spaces as the executable form names them (PTX ISA §5.1), with the window each one occupies in
 * the generic address space. Generic addresses of global memory are the global addresses themselves (device
 * pointers start at {@link #GLOBAL_BASE}; each device of the process has its own range of the global window,
 * {@code dev.gmac.gpu.exec.DeviceAddressRanges}); the per-CTA shared space, the per-thread local space, the constant
 * bank and the kernel parameter buffer each get a distinct 4 GiB window above all global addresses, so
 * {@code cvta} to and from every space is an addition or subtraction and a generic access finds its space by
 * range.
 */
public final class StateSpace {
    private StateSpace() {}

    /** Global memory (device allocations and module {@code .global} variables). */
    public static final int GLOBAL = 0;
    /** Per-CTA shared memory. */
    public static final int SHARED = 1;
    /** Per-thread local memory (stack frames, {@code .local} arrays, device-function parameters). */
    public static final int LOCAL = 2;
    /** The module's constant bank. */
    public static final int CONST = 3;
    /** The kernel parameter buffer. */
    public static final int PARAM = 4;
    /** A generic address, resolved by window at run time. */
    public static final int GENERIC = 5;

    /** Lowest device global address (2^36, so truncation to 32 bits never yields a valid pointer). */
    public static final long GLOBAL_BASE = 1L << 36;
    /** log2 of the spacing of the generic windows (the global window ends at the first). */
    private static final int WINDOW_SHIFT = 60;
    /** End (exclusive) of the global range (the ranges of all the process's devices). */
    public static final long GLOBAL_END = 1L << WINDOW_SHIFT;
    /** Generic window of the shared space. */
    public static final long SHARED_WINDOW = 1L << WINDOW_SHIFT;
    /** Generic window of the local space. */
    public static final long LOCAL_WINDOW = 2L << WINDOW_SHIFT;
    /** Generic window of the constant bank. */
    public static final long CONST_WINDOW = 3L << WINDOW_SHIFT;
    /** Generic window of the kernel parameter buffer. */
    public static final long PARAM_WINDOW = 4L << WINDOW_SHIFT;
    /** Size of each non-global window. */
    public static final long WINDOW_SIZE = 1L << 32;

    /** The generic window base of {@code space} (0 for global, whose generic and global addresses agree). */
    public static long window(int space) {
        switch (space) {
            case SHARED:
                return SHARED_WINDOW;
            case LOCAL:
                return LOCAL_WINDOW;
            case CONST:
                return CONST_WINDOW;
            case PARAM:
                return PARAM_WINDOW;
            default:
                return 0;
        }
    }

    /** The space a generic address falls in, or -1 when it falls in none. */
    public static int spaceOfGeneric(long addr) {
        if (addr >= GLOBAL_BASE && addr < GLOBAL_END) {
            return GLOBAL;
        }
        long w = addr >>> WINDOW_SHIFT;
        if (w >= 1 && w <= 4 && (addr & ((1L << WINDOW_SHIFT) - WINDOW_SIZE)) == 0) {
            return (int) w; // SHARED=1, LOCAL=2, CONST=3, PARAM=4
        }
        return -1;
    }

    /** A lower-case name for messages. */
    public static String name(int space) {
        switch (space) {
            case GLOBAL:
                return "global";
            case SHARED:
                return "shared";
            case LOCAL:
                return "local";
            case CONST:
                return "const";
            case PARAM:
                return "param";
            case GENERIC:
                return "generic";
            default:
                return "space" + space;
        }
    }
}
