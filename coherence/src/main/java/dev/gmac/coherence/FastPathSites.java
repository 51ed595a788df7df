package dev.gmac.coherence;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.MutableCallSite;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;

/**
 * The call sites through which {@link HostAccessor}'s element accessors reach their fast paths, and the
 * refresh that gives the JIT a clean profile of them again after window misses (ADSM paper §4.3: access
 * detection, done in software here; decision 0105).
 *
 * <p>Why: C2 hoists the window check out of a loop only while the profile of the code that contains it has
 * never seen a miss (decision 0104). The profile belongs to the method, so every fault a program ever took
 * through {@code putFloat} slows every later loop over any buffer. Here the fast paths live in {@link
 * ElementFastPaths}, of which this class defines hidden copies from the class file: each copy is a new class
 * with new, empty profiles. Each accessor calls the current copy through a constant {@link MutableCallSite}
 * that C2 inlines like a direct call, with a dependency on the site's target. When a copy's profile has seen
 * misses and the misses have stopped, a background thread defines a fresh copy and retargets the sites of the
 * operations that missed; the JVM deoptimizes the code that inlined the old target, and the loops are compiled
 * again from the fresh profile, where the miss path is an uncommon trap and the check is hoisted.
 *
 * <p>When: {@link FastPathRefreshPolicy}, polled every {@value #POLL_MILLIS} ms by the daemon thread {@code
 * gmac-fast-path-refresh}, started at the first miss: refresh once no operation has missed for a whole poll
 * period, at most once per {@value #MIN_INTERVAL_MILLIS} ms. System property {@code gmac.fastPathRefresh=false}
 * turns the refresh off (the sites then keep their first copy). None of this changes what any access reads or
 * writes, or any count in the statistics; it only changes how the JIT compiles the accessors' callers.
 *
 * <p>Memory ordering: the miss counters are heuristics, read and written with opaque accesses (a racy
 * increment may lose a count, which at worst delays a refresh by one poll period). Retargeting is the JVM's
 * business: {@link MutableCallSite#syncAll} makes every thread see the new target; a thread that still runs
 * the old copy runs correct code, only with the old profile.
 */
final class FastPathSites {
    static final int OP_GET_BYTE = 0;
    static final int OP_PUT_BYTE = 1;
    static final int OP_GET_INT = 2;
    static final int OP_PUT_INT = 3;
    static final int OP_GET_LONG = 4;
    static final int OP_PUT_LONG = 5;
    static final int OP_GET_FLOAT = 6;
    static final int OP_PUT_FLOAT = 7;
    static final int OP_GET_DOUBLE = 8;
    static final int OP_PUT_DOUBLE = 9;
    static final int OPS = 10;

    static final long POLL_MILLIS = 100;
    static final long MIN_INTERVAL_MILLIS = 1000;
    static final int WARM_CALLS = 50_000;

    private static final String[] NAMES = {
        "getByte", "putByte", "getInt", "putInt", "getLong", "putLong", "getFloat", "putFloat", "getDouble", "putDouble"
    };
    private static final Class<?>[] ELEMENT_TYPES = {
        byte.class,
        byte.class,
        int.class,
        int.class,
        long.class,
        long.class,
        float.class,
        float.class,
        double.class,
        double.class
    };

    private static final boolean REFRESH = !"false"
            .equalsIgnoreCase(System.getProperty("gmac.fastPathRefresh", "true").trim());
    private static final VarHandle MISS = MethodHandles.arrayElementVarHandle(int[].class);
    private static final int[] MISSES = new int[OPS];
    private static final MutableCallSite[] SITES = new MutableCallSite[OPS];
    private static final byte[] TEMPLATE = templateBytes();
    private static long generation;

    static {
        for (int op = 0; op < OPS; op++) {
            SITES[op] = new MutableCallSite(type(op));
        }
        refresh((1 << OPS) - 1);
    }

    static final MethodHandle GET_BYTE = SITES[OP_GET_BYTE].dynamicInvoker();
    static final MethodHandle PUT_BYTE = SITES[OP_PUT_BYTE].dynamicInvoker();
    static final MethodHandle GET_INT = SITES[OP_GET_INT].dynamicInvoker();
    static final MethodHandle PUT_INT = SITES[OP_PUT_INT].dynamicInvoker();
    static final MethodHandle GET_LONG = SITES[OP_GET_LONG].dynamicInvoker();
    static final MethodHandle PUT_LONG = SITES[OP_PUT_LONG].dynamicInvoker();
    static final MethodHandle GET_FLOAT = SITES[OP_GET_FLOAT].dynamicInvoker();
    static final MethodHandle PUT_FLOAT = SITES[OP_PUT_FLOAT].dynamicInvoker();
    static final MethodHandle GET_DOUBLE = SITES[OP_GET_DOUBLE].dynamicInvoker();
    static final MethodHandle PUT_DOUBLE = SITES[OP_PUT_DOUBLE].dynamicInvoker();

    private FastPathSites() {}

    /** Counts a window miss of operation {@code op} (called by the accessors' slow paths). */
    static void noteMiss(int op) {
        MISS.setOpaque(MISSES, op, (int) MISS.getOpaque(MISSES, op) + 1);
        if (REFRESH) {
            Refresher.ensureRunning();
        }
    }

    /** Whether the background refresh is on ({@code gmac.fastPathRefresh}). */
    static boolean refreshEnabled() {
        return REFRESH;
    }

    /** How many copies of the fast paths have been defined (1 after class initialization). */
    static synchronized long generation() {
        return generation;
    }

    /** The misses counted so far, per operation (opaque reads). */
    static int[] missCounts() {
        int[] counts = new int[OPS];
        for (int op = 0; op < OPS; op++) {
            counts[op] = (int) MISS.getOpaque(MISSES, op);
        }
        return counts;
    }

    /**
     * Defines a fresh copy of {@link ElementFastPaths} and points the sites of the operations in {@code mask}
     * (bit {@code op}) at it.
     */
    static synchronized void refresh(int mask) {
        MethodHandles.Lookup copy;
        try {
            copy = MethodHandles.lookup().defineHiddenClass(TEMPLATE, true);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot define a copy of ElementFastPaths", e);
        }
        if (generation > 0) {
            warm(copy, mask);
        }
        int changed = Integer.bitCount(mask);
        MutableCallSite[] sites = new MutableCallSite[changed];
        int n = 0;
        for (int op = 0; op < OPS; op++) {
            if ((mask & (1 << op)) == 0) {
                continue;
            }
            try {
                SITES[op].setTarget(copy.findStatic(copy.lookupClass(), NAMES[op], type(op)));
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("ElementFastPaths lacks " + NAMES[op] + type(op), e);
            }
            sites[n++] = SITES[op];
        }
        MutableCallSite.syncAll(sites);
        generation++;
    }

    /**
     * Runs the copy's operations in {@code mask} {@value #WARM_CALLS} times each on a scratch accessor whose
     * window always hits, so that the JVM profiles them (a tiered compilation with profiling) before any caller
     * is recompiled against them. Without this, callers deoptimized by the retargeting are recompiled at once
     * (their own counters are high) against a copy that has no profile yet, and C2 then compiles the miss path
     * as reachable again.
     */
    private static void warm(MethodHandles.Lookup copy, int mask) {
        HostAccessor scratch = new HostAccessor(64);
        for (int op = 0; op < OPS; op++) {
            if ((mask & (1 << op)) == 0) {
                continue;
            }
            MethodHandle target;
            try {
                target = copy.findStatic(copy.lookupClass(), NAMES[op], type(op));
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("ElementFastPaths lacks " + NAMES[op] + type(op), e);
            }
            MethodHandle call =
                    (op & 1) == 0 ? target : MethodHandles.insertArguments(target, 2, zeroValue(ELEMENT_TYPES[op]));
            call = call.asType(MethodType.methodType(Object.class, HostAccessor.class, long.class));
            try {
                for (int n = 0; n < WARM_CALLS; n++) {
                    Object unused = call.invokeExact(scratch, (long) (n & 7));
                }
            } catch (Throwable e) {
                throw new IllegalStateException("warming " + NAMES[op] + " failed", e);
            }
        }
    }

    private static Object zeroValue(Class<?> type) {
        if (type == byte.class) {
            return (byte) 0;
        } else if (type == int.class) {
            return 0;
        } else if (type == long.class) {
            return 0L;
        } else if (type == float.class) {
            return 0f;
        }
        return 0d;
    }

    private static MethodType type(int op) {
        Class<?> element = ELEMENT_TYPES[op];
        return (op & 1) == 0
                ? MethodType.methodType(element, HostAccessor.class, long.class)
                : MethodType.methodType(void.class, HostAccessor.class, long.class, element);
    }

    private static byte[] templateBytes() {
        String resource = ElementFastPaths.class.getSimpleName() + ".class";
        try (InputStream in = ElementFastPaths.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("class file " + resource + " not found next to FastPathSites");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }

    /** The daemon thread that polls the miss counters (started by the first miss, when refresh is on). */
    private static final class Refresher {
        static {
            Thread thread = new Thread(Refresher::run, "gmac-fast-path-refresh");
            thread.setDaemon(true);
            thread.start();
        }

        private Refresher() {}

        /** Initializes this class, which starts the thread, once; afterwards does nothing. */
        static void ensureRunning() {}

        private static void run() {
            FastPathRefreshPolicy policy =
                    new FastPathRefreshPolicy(OPS, TimeUnit.MILLISECONDS.toNanos(MIN_INTERVAL_MILLIS));
            for (; ; ) {
                try {
                    Thread.sleep(POLL_MILLIS);
                } catch (InterruptedException e) {
                    return;
                }
                int mask = policy.poll(System.nanoTime(), missCounts());
                if (mask != 0) {
                    refresh(mask);
                }
            }
        }
    }
}
