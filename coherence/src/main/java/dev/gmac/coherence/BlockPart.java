package dev.gmac.coherence;

import java.io.IOException;

/** The piece of a bulk host operation that falls inside one block, run once the block is accessible. */
@FunctionalInterface
interface BlockPart {
    /** Works on host bytes [start, start + length) of the object. */
    void apply(long start, long length) throws IOException;
}
