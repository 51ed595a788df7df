package dev.gmac.coherence;

/**
 * Which parts of a block's host copy are valid and which are dirty, when that is less than the whole block
 * (sub-block tracking, decision 0113). A block without ranges is whole: read-only and dirty blocks are valid
 * throughout (a dirty one dirty throughout), invalid ones valid nowhere.
 *
 * <ul>
 *   <li>{@code DIRTY} with ranges: {@code valid} (null: the whole block) holds {@code dirty} (never empty);
 *       only the dirty ranges go to the accelerator.
 *   <li>{@code INVALID} with ranges: the host copy is valid in {@code valid} (never empty) and clean there;
 *       {@code dirty} is null. A read inside {@code valid} needs no fetch.
 *   <li>{@code FLUSHING}: as the {@code DIRTY} block it was when the eviction started.
 *   <li>{@code READ_ONLY}: never has ranges.
 * </ul>
 *
 * @param valid the valid ranges, or null for the whole block
 * @param dirty the dirty ranges, or null
 */
record BlockRanges(Ranges valid, Ranges dirty) {}
