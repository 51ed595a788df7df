package dev.gmac.api;

import dev.gmac.coherence.CoherenceException;
import dev.gmac.coherence.HostAccessor;

/** The typed views of a {@link SharedBuffer}: each one a {@link HostAccessor} with its own window. */
final class Views {
    private Views() {}

    private abstract static class View extends HostAccessor {
        private final SharedBufferImpl buffer;

        View(SharedBufferImpl buffer) {
            super(buffer.object());
            this.buffer = buffer;
        }

        public SharedBuffer buffer() {
            return buffer;
        }

        @Override
        protected RuntimeException translate(CoherenceException error) {
            return AdsmErrors.from(error);
        }
    }

    static final class Bytes extends View implements ByteView {
        Bytes(SharedBufferImpl buffer) {
            super(buffer);
        }

        @Override
        public long length() {
            return byteSize() / 1;
        }

        @Override
        public byte get(long index) {
            return getByte(index);
        }

        @Override
        public void set(long index, byte value) {
            putByte(index, value);
        }
    }

    static final class Ints extends View implements IntView {
        Ints(SharedBufferImpl buffer) {
            super(buffer);
        }

        @Override
        public long length() {
            return byteSize() / 4;
        }

        @Override
        public int get(long index) {
            return getInt(index);
        }

        @Override
        public void set(long index, int value) {
            putInt(index, value);
        }
    }

    static final class Longs extends View implements LongView {
        Longs(SharedBufferImpl buffer) {
            super(buffer);
        }

        @Override
        public long length() {
            return byteSize() / 8;
        }

        @Override
        public long get(long index) {
            return getLong(index);
        }

        @Override
        public void set(long index, long value) {
            putLong(index, value);
        }
    }

    static final class Floats extends View implements FloatView {
        Floats(SharedBufferImpl buffer) {
            super(buffer);
        }

        @Override
        public long length() {
            return byteSize() / 4;
        }

        @Override
        public float get(long index) {
            return getFloat(index);
        }

        @Override
        public void set(long index, float value) {
            putFloat(index, value);
        }
    }

    static final class Doubles extends View implements DoubleView {
        Doubles(SharedBufferImpl buffer) {
            super(buffer);
        }

        @Override
        public long length() {
            return byteSize() / 8;
        }

        @Override
        public double get(long index) {
            return getDouble(index);
        }

        @Override
        public void set(long index, double value) {
            putDouble(index, value);
        }
    }
}
