package dev.gmac.coherence;

/**
 * The element accessors' fast paths ({@link HostAccessor}, ADSM paper §4.3 in software): one window check,
 * then the typed view's access; a miss calls the accessor's slow path.
 *
 * <p>Never called by name. {@link FastPathSites} defines hidden copies of this class from its class file and
 * calls the current copy through constant call sites; when the JIT's profile of the current copy has seen
 * window misses and the misses have stopped, it defines a fresh copy, whose empty profile lets C2 hoist the
 * window check out of loops again (decision 0105). So this class must stay self-contained: static methods
 * reaching package-private members of the package only, no state.
 */
final class ElementFastPaths {
    private ElementFastPaths() {}

    static byte getByte(HostAccessor a, long i) {
        Window w = a.window;
        int j = (int) i;
        int k = j - w.read1Lo;
        if (w.owner == Thread.currentThread() && j == i && k >= 0 && k < w.read1Len) {
            return a.host.get(j);
        }
        return a.slowGetByte(i);
    }

    static void putByte(HostAccessor a, long i, byte value) {
        Window w = a.window;
        int j = (int) i;
        int k = j - w.write1Lo;
        if (w.owner == Thread.currentThread() && j == i && k >= 0 && k < w.write1Len) {
            a.host.put(j, value);
            return;
        }
        a.slowPutByte(i, value);
    }

    static int getInt(HostAccessor a, long i) {
        Window w = a.window;
        int j = (int) i;
        int k = j - w.read4Lo;
        if (w.owner == Thread.currentThread() && j == i && k >= 0 && k < w.read4Len) {
            return a.ints.get(j);
        }
        return a.slowGetInt(i);
    }

    static void putInt(HostAccessor a, long i, int value) {
        Window w = a.window;
        int j = (int) i;
        int k = j - w.write4Lo;
        if (w.owner == Thread.currentThread() && j == i && k >= 0 && k < w.write4Len) {
            a.ints.put(j, value);
            return;
        }
        a.slowPutInt(i, value);
    }

    static long getLong(HostAccessor a, long i) {
        Window w = a.window;
        int j = (int) i;
        int k = j - w.read8Lo;
        if (w.owner == Thread.currentThread() && j == i && k >= 0 && k < w.read8Len) {
            return a.longs.get(j);
        }
        return a.slowGetLong(i);
    }

    static void putLong(HostAccessor a, long i, long value) {
        Window w = a.window;
        int j = (int) i;
        int k = j - w.write8Lo;
        if (w.owner == Thread.currentThread() && j == i && k >= 0 && k < w.write8Len) {
            a.longs.put(j, value);
            return;
        }
        a.slowPutLong(i, value);
    }

    static float getFloat(HostAccessor a, long i) {
        Window w = a.window;
        int j = (int) i;
        int k = j - w.read4Lo;
        if (w.owner == Thread.currentThread() && j == i && k >= 0 && k < w.read4Len) {
            return a.floats.get(j);
        }
        return a.slowGetFloat(i);
    }

    static void putFloat(HostAccessor a, long i, float value) {
        Window w = a.window;
        int j = (int) i;
        int k = j - w.write4Lo;
        if (w.owner == Thread.currentThread() && j == i && k >= 0 && k < w.write4Len) {
            a.floats.put(j, value);
            return;
        }
        a.slowPutFloat(i, value);
    }

    static double getDouble(HostAccessor a, long i) {
        Window w = a.window;
        int j = (int) i;
        int k = j - w.read8Lo;
        if (w.owner == Thread.currentThread() && j == i && k >= 0 && k < w.read8Len) {
            return a.doubles.get(j);
        }
        return a.slowGetDouble(i);
    }

    static void putDouble(HostAccessor a, long i, double value) {
        Window w = a.window;
        int j = (int) i;
        int k = j - w.write8Lo;
        if (w.owner == Thread.currentThread() && j == i && k >= 0 && k < w.write8Len) {
            a.doubles.put(j, value);
            return;
        }
        a.slowPutDouble(i, value);
    }
}
