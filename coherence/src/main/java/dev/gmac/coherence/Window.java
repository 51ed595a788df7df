package dev.gmac.coherence;

/**
 * What one thread may access through one {@link HostAccessor} without asking the protocol: a contiguous
 * range of readable blocks and, inside it, a range of writable (dirty) blocks. Immutable, so one field
 * read gives a consistent pair of bounds.
 *
 * <p>Bounds are kept per element size (1, 4 and 8 bytes) as an int element index and an int length, so the
 * fast path is one int range check ({@code 0 <= i - lo < len}, after checking that the long index fits an
 * int) on the caller's index, never a byte offset that could overflow. That is the shape C2's loop
 * predication recognizes: in a counted loop whose window miss has not been seen by the profile, the check
 * is hoisted out of the loop and the loop runs like one over a plain direct buffer.
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
    final int read1Lo;
    final int read1Len;
    final int read4Lo;
    final int read4Len;
    final int read8Lo;
    final int read8Len;
    final int write1Lo;
    final int write1Len;
    final int write4Lo;
    final int write4Len;
    final int write8Lo;
    final int write8Len;

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
        this.read1Lo = (int) readLo;
        this.read1Len = (int) (readHi - readLo);
        this.read4Lo = (int) ceilDiv(readLo, 4);
        this.read4Len = (int) Math.max(0, readHi / 4 - read4Lo);
        this.read8Lo = (int) ceilDiv(readLo, 8);
        this.read8Len = (int) Math.max(0, readHi / 8 - read8Lo);
        this.write1Lo = (int) writeLo;
        this.write1Len = (int) (writeHi - writeLo);
        this.write4Lo = (int) ceilDiv(writeLo, 4);
        this.write4Len = (int) Math.max(0, writeHi / 4 - write4Lo);
        this.write8Lo = (int) ceilDiv(writeLo, 8);
        this.write8Len = (int) Math.max(0, writeHi / 8 - write8Lo);
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
