package dev.gmac.gpu.ptx;

/**
 * Lowers one parsed instruction of an opcode into its executable form. Implemented by static methods of the
 * family lowerers and referenced from {@link OpcodeTable}; the instruction class is set by the table afterwards.
 */
@FunctionalInterface
interface OpcodeLowerer {
    /** The lowered instruction; throws {@link PtxSyntaxException} or {@link UnsupportedPtxException}. */
    Insn lower(LoweringContext c, PtxAst.Instruction in);
}
