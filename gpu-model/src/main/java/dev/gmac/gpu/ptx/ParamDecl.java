package dev.gmac.gpu.ptx;

/**
 * One {@code .param} of a kernel or device function.
 *
 * @param name the parameter name as written in the PTX
 * @param type the element type
 * @param byteSize the size in bytes (arrays: element size × count)
 * @param align the alignment in bytes (the {@code .align} value, else the element size)
 */
public record ParamDecl(String name, PtxType type, int byteSize, int align) {}
