/**
 * The PTX front end: lexer and parser for what nvcc 13 emits ({@code .version 9.0}, {@code .target sm_75} and
 * later, {@code .address_size 64}), and the lowering of each instruction, once, into the executable form the
 * functional model runs ({@link dev.gmac.gpu.ptx.Insn}, {@link dev.gmac.gpu.ptx.Program}).
 *
 * <p>Errors are typed: {@link dev.gmac.gpu.ptx.PtxSyntaxException} with line and column for text that does not
 * parse, {@link dev.gmac.gpu.ptx.UnsupportedPtxException} with opcode and line for well-formed PTX the engine
 * cannot run, raised when the module is loaded, never at run time. {@link dev.gmac.gpu.ptx.PtxCoverage} lists
 * every opcode-with-modifiers of a file and whether it is supported.
 *
 * <p>What the front end knows about each opcode is one row of {@link dev.gmac.gpu.ptx.OpcodeTable}: the family class
 * that lowers it (all families share one {@link dev.gmac.gpu.ptx.LoweringContext}), its instruction class, its
 * forms as PTX ISA syntax lines and its documentation; {@code docs/ptx-support.md} is generated from it. {@link
 * dev.gmac.gpu.ptx.InstructionChecker} checks each instruction against those forms as ptxas would, and {@link
 * dev.gmac.gpu.ptx.PtxLimits} bounds what a module may declare, checked before anything is allocated.
 *
 * <p>Lowering also lays out shared memory per kernel ({@link dev.gmac.gpu.ptx.SharedLayout}), attaches the CUDA
 * source position of the {@code .loc} directive in effect to every instruction ({@link
 * dev.gmac.gpu.ptx.SourceLocation}), and turns calls of the device runtime's {@code .extern} functions ({@code
 * vprintf}, {@code __assertfail}, {@code malloc}, {@code free}) into builtin-call instructions.
 *
 * <p>This package owns parsing and lowering only: it must not depend on the execution ({@code exec}) or timing
 * ({@code timing}) packages, which read the lowered form.
 *
 * <p>Terms: a <em>slot</em> is a register's index in its function's register frame (immediates get constant
 * slots); a <em>state space</em> ({@link dev.gmac.gpu.ptx.StateSpace}) is global, shared, local, const or param
 * memory, each with its own window of generic addresses.
 */
package dev.gmac.gpu.ptx;
