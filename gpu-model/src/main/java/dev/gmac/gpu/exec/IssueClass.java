package dev.gmac.gpu.exec;

/**
 * The class of a warp instruction as the timing model issues it: which pipeline takes it and, for memory
 * instructions, which memory space it reaches (Fung thesis §2.3.3: ALU and MEM pipelines, SFU; memory spaces of
 * §2.3.1). The functional model reports it for every decoded instruction.
 */
public enum IssueClass {
    /** Integer, floating-point, logic, conversion, moves, vote and shuffle: the ALU pipelines. */
    ALU,
    /** Transcendentals and other special functions: the SFU pipelines. */
    SFU,
    /** Global memory load or store: coalesced into segments, L1 (unless bypassed), L2, DRAM. */
    MEM_GLOBAL,
    /** Shared memory load or store: banked, conflicts serialise. */
    MEM_SHARED,
    /**
     * Local (thread-private) memory load or store. Lane addresses are byte offsets within the thread's local
     * memory; the timing model interleaves them so consecutive words of consecutive lanes are adjacent.
     */
    MEM_LOCAL,
    /** Constant or parameter space load: the constant cache serialises distinct addresses. */
    MEM_CONST,
    /** Global atomic or reduction: performed by the atomic unit of the owning memory partition. */
    ATOMIC,
    /** Branch, call or return: the warp fetches nothing until the outcome is known. */
    BRANCH,
    /** CTA-wide barrier: the warp waits until every live warp of its CTA has arrived. */
    BARRIER,
    /** Exit: the warp (or the lanes that execute it) finishes. */
    EXIT
}
