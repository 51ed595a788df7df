package dev.gmac.coherence;

import java.io.IOException;

/**
 * A piece of a bulk host operation, run once its bytes are accessible: the part inside one block for a write, the
 * whole range for a read (decision 0118).
 */
@FunctionalInterface
interface BlockPart {
    /** Works on host bytes [start, start + length) of the object. */
    void apply(long start, long length) throws IOException;
}
