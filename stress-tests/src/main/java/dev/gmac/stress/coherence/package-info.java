/**
 * jcstress tests of the block state machine of the coherence protocols (ADSM paper §4.3): two writers
 * faulting on one read-only block, a write racing rolling-update's eager eviction, a read racing a fetch.
 *
 * <p>Run: {@code java -jar stress-tests/target/jcstress.jar -t 'dev.gmac.stress.coherence' -m quick}.
 *
 * <p>Each state builds a small {@link dev.gmac.coherence.SharedMemoryManager} over an in-memory
 * accelerator, with heap host copies (cheap to create by the million) and eager evictions run on the
 * evicting thread rather than the DMA engine thread (a thread per state would be too heavy): the block
 * transitions are the same, only the thread that copies differs.
 */
package dev.gmac.stress.coherence;
