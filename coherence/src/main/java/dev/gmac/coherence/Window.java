package dev.gmac.coherence;

/**
 * What one thread may access through one {@link HostAccessor} without asking the protocol: a contiguous
 * range of readable blocks and, inside it, a range of writable (dirty) blocks. Immutable, so one field
 * read gives a consistent pair of bounds.
 *
 * <p>Bounds are kept per element size (1, 4 and 8 bytes) as element indexes, so the fast path compares the
 * caller's index directly ({@code lo <= i < hi}) and never computes a byte offset that could overflow.
 *
 * <p>A window belongs to the thread that computed it ({@link #owner}); an accessor's fast path only honours
 * its own thread's window. That keeps rolling-update's eager eviction safe: the evicting thread knows which
 * threads may hold write permission on an object (those that joined its writers while computing a window),
 * and only evicts blocks of objects no other thread may be writing through a cached window.
 */
final class Window {
    /** Grants nothing: every access takes the slow path. */
    static final Window EMPTY = new Window(null, 0, 0, 0, 0);

    final Thread owner;
    final long readLo;
    final long readHi;
    final long writeLo;
    final long writeHi;
    final long read1Lo;
    final long read1Hi;
    final long read4Lo;
    final long read4Hi;
    final long read8Lo;
    final long read8Hi;
    final long write1Lo;
    final long write1Hi;
    final long write4Lo;
    final long write4Hi;
    final long write8Lo;
    final long write8Hi;

    /**
     * @param readLo first readable byte
     * @param readHi one past the last readable byte
     * @param writeLo first writable byte (equal to writeHi when nothing is writable)
     * @param writeHi one past the last writable byte
     */
    Window(Thread owner, long readLo, long readHi, long writeLo, long writeHi) {
        this.owner = owner;
        this.readLo = readLo;
        this.readHi = readHi;
        this.writeLo = writeLo;
        this.writeHi = writeHi;
        this.read1Lo = readLo;
        this.read1Hi = readHi;
        this.read4Lo = ceilDiv(readLo, 4);
        this.read4Hi = readHi / 4;
        this.read8Lo = ceilDiv(readLo, 8);
        this.read8Hi = readHi / 8;
        this.write1Lo = writeLo;
        this.write1Hi = writeHi;
        this.write4Lo = ceilDiv(writeLo, 4);
        this.write4Hi = writeHi / 4;
        this.write8Lo = ceilDiv(writeLo, 8);
        this.write8Hi = writeHi / 8;
    }

    private static long ceilDiv(long value, int divisor) {
        return (value + divisor - 1) / divisor;
    }

    @Override
    public String toString() {
        return "Window[owner=" + (owner == null ? "-" : owner.getName()) + ", read=[" + readLo + ", " + readHi
                + "), write=[" + writeLo + ", " + writeHi + ")]";
    }
}
