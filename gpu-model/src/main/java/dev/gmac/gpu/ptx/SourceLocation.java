package dev.gmac.gpu.ptx;

/**
 * A position in the CUDA (or other) source a PTX instruction was compiled from, as the PTX's {@code .loc} and
 * {@code .file} debugging directives give it (PTX ISA §11.6.3-§11.6.4; nvcc emits them with {@code -lineinfo} or
 * {@code -G}). Written {@code file:line:column} like a compiler diagnostic, so that editors and terminals link it.
 *
 * @param file the source file as the {@code .file} directive names it (nvcc writes the path it was given, made
 *     absolute; {@code scripts/regen-ptx} makes it relative to the repository)
 * @param line the 1-based source line
 * @param column the 1-based column, or 0 when not known
 * @param inlinedAt where the function containing this position was inlined into its caller, or null
 */
public record SourceLocation(String file, int line, int column, SourceLocation inlinedAt) {
    /** {@code file:line[:column]}, then {@code ", inlined at file:line[:column]"} when inlined. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(file).append(':').append(line);
        if (column > 0) {
            sb.append(':').append(column);
        }
        if (inlinedAt != null) {
            sb.append(", inlined at ").append(inlinedAt);
        }
        return sb.toString();
    }
}
