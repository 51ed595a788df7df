package dev.gmac.gpu.ptx;

/**
 * The functional-unit class of a decoded instruction, as a timing model issues it (Fung thesis §2.1.3: ALU
 * and MEM pipelines, with the special-function unit for transcendentals).
 */
public enum InstructionClass {
    /** Integer, floating-point, logic, conversion and data movement. */
    ALU,
    /** Special-function unit: rcp, sqrt, rsqrt, ex2, lg2, sin, cos, tanh, and the slow division paths. */
    SFU,
    /** Loads and stores of every space, and atomics. */
    MEM,
    /** Branches, calls, returns, exit and trap. */
    BRANCH,
    /** Barriers, fences and warp-wide collective operations (vote, shuffle, match). */
    BARRIER
}
