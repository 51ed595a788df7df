package dev.gmac.api;

import dev.gmac.coherence.CoherenceException;
import dev.gmac.coherence.HostAccessor;
import dev.gmac.coherence.SharedObject;

/**
 * The {@link SharedBuffer} implementation: a coherence {@link HostAccessor} (the windowed fast path and the
 * protocol's slow path) whose errors become {@link AdsmException}s.
 */
final class SharedBufferImpl extends HostAccessor implements SharedBuffer {
    private final Adsm owner;

    SharedBufferImpl(Adsm owner, SharedObject object) {
        super(object);
        this.owner = owner;
    }

    Adsm owner() {
        return owner;
    }

    SharedObject object() {
        return sharedObject();
    }

    @Override
    public long address() {
        return sharedObject().address();
    }

    @Override
    protected RuntimeException translate(CoherenceException error) {
        return AdsmErrors.from(error);
    }

    @Override
    public ByteView asBytes() {
        return new Views.Bytes(this);
    }

    @Override
    public IntView asInts() {
        return new Views.Ints(this);
    }

    @Override
    public LongView asLongs() {
        return new Views.Longs(this);
    }

    @Override
    public FloatView asFloats() {
        return new Views.Floats(this);
    }

    @Override
    public DoubleView asDoubles() {
        return new Views.Doubles(this);
    }

    @Override
    public String toString() {
        return "SharedBuffer[0x" + Long.toHexString(address()) + ", " + byteSize() + " bytes]";
    }
}
