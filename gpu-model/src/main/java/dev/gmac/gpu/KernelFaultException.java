package dev.gmac.gpu;

import dev.gmac.gpu.ptx.SourceLocation;

/**
 * A kernel stopped on a fault. It names the kernel, the PTX source line and column and the opcode of the faulting
 * instruction and, when the
 * PTX carries {@code .loc} directives (nvcc {@code -lineinfo}) or the fault is a failed {@code assert}, the CUDA
 * source position; the CTA and thread (zero-based coordinates), the address involved (or -1) and the reason. It
 * carries what the kernel printed with {@code printf} before the fault ({@link #deviceOutput()}). The JVM never
 * crashes on a kernel fault, and device memory written before the fault stays as it was written.
 */
public final class KernelFaultException extends GpuException {
    private final String kernel;
    private final int ptxLine;
    private final int ptxColumn;
    private final String opcode;
    private final Dim3 cta;
    private final Dim3 thread;
    private final long address;
    private final FaultKind kind;
    private final String reason;
    private final SourceLocation source;
    private final String deviceOutput;

    /**
     * Creates a fault without a source position or device output.
     *
     * @param kernel the kernel (entry) name
     * @param ptxLine the PTX line of the faulting instruction, or 0 when no single instruction is to blame
     * @param cta the CTA coordinates, or null when not known
     * @param thread the thread coordinates inside the CTA, or null when not known
     * @param address the address involved, or -1
     * @param kind the kind of fault
     * @param reason what happened, in words
     */
    public KernelFaultException(
            String kernel, int ptxLine, Dim3 cta, Dim3 thread, long address, FaultKind kind, String reason) {
        this(kernel, ptxLine, 0, null, null, cta, thread, address, kind, reason, "");
    }

    /**
     * Creates a fault without the instruction's column and opcode.
     *
     * @param kernel the kernel (entry) name
     * @param ptxLine the PTX line of the faulting instruction, or 0 when no single instruction is to blame
     * @param source the CUDA source position of the faulting instruction, or null when not known
     * @param cta the CTA coordinates, or null when not known
     * @param thread the thread coordinates inside the CTA, or null when not known
     * @param address the address involved, or -1
     * @param kind the kind of fault
     * @param reason what happened, in words
     * @param deviceOutput what the launch printed before the fault ({@code ""} for nothing)
     */
    public KernelFaultException(
            String kernel,
            int ptxLine,
            SourceLocation source,
            Dim3 cta,
            Dim3 thread,
            long address,
            FaultKind kind,
            String reason,
            String deviceOutput) {
        this(kernel, ptxLine, 0, null, source, cta, thread, address, kind, reason, deviceOutput);
    }

    /**
     * Creates a fault.
     *
     * @param kernel the kernel (entry) name
     * @param ptxLine the PTX line of the faulting instruction, or 0 when no single instruction is to blame
     * @param ptxColumn the PTX column where the faulting instruction starts, or 0 when not known
     * @param opcode the faulting instruction's opcode with its modifiers as written ({@code ld.global.f32}), or null
     * @param source the CUDA source position of the faulting instruction, or null when not known
     * @param cta the CTA coordinates, or null when not known
     * @param thread the thread coordinates inside the CTA, or null when not known
     * @param address the address involved, or -1
     * @param kind the kind of fault
     * @param reason what happened, in words
     * @param deviceOutput what the launch printed before the fault ({@code ""} for nothing)
     */
    public KernelFaultException(
            String kernel,
            int ptxLine,
            int ptxColumn,
            String opcode,
            SourceLocation source,
            Dim3 cta,
            Dim3 thread,
            long address,
            FaultKind kind,
            String reason,
            String deviceOutput) {
        super(format(kernel, ptxLine, ptxColumn, opcode, source, cta, thread, address, kind, reason));
        this.kernel = kernel;
        this.ptxLine = ptxLine;
        this.ptxColumn = ptxColumn;
        this.opcode = opcode;
        this.source = source;
        this.cta = cta;
        this.thread = thread;
        this.address = address;
        this.kind = kind;
        this.reason = reason;
        this.deviceOutput = deviceOutput == null ? "" : deviceOutput;
    }

    private static String format(
            String kernel,
            int ptxLine,
            int ptxColumn,
            String opcode,
            SourceLocation source,
            Dim3 cta,
            Dim3 thread,
            long address,
            FaultKind kind,
            String reason) {
        StringBuilder sb =
                new StringBuilder("kernel fault ").append(kind).append(" in ").append(kernel);
        sb.append(" at PTX line ").append(ptxLine);
        if (ptxColumn > 0) {
            sb.append(':').append(ptxColumn);
        }
        if (opcode != null && !opcode.isEmpty()) {
            sb.append(' ').append(opcode);
        }
        if (source != null) {
            sb.append(" (").append(source).append(')');
        }
        sb.append(", CTA ").append(cta == null ? "?" : cta.toString());
        sb.append(", thread ").append(thread == null ? "?" : thread.toString());
        // -1 means "no address" except for memory faults, where 0xFFFFFFFFFFFFFFFF is a real faulting address
        if (address != -1 || kind == FaultKind.OUT_OF_BOUNDS || kind == FaultKind.MISALIGNED) {
            sb.append(", address 0x").append(Long.toHexString(address));
        }
        sb.append(": ").append(reason);
        return sb.toString();
    }

    /** The kernel (entry) name. */
    public String kernel() {
        return kernel;
    }

    /** The PTX source line of the faulting instruction (0 when no single instruction is to blame). */
    public int ptxLine() {
        return ptxLine;
    }

    /** The PTX column where the faulting instruction starts (0 when not known). */
    public int ptxColumn() {
        return ptxColumn;
    }

    /** The faulting instruction's opcode with modifiers as written ({@code ld.global.f32}), or null when not known. */
    public String opcode() {
        return opcode;
    }

    /** The zero-based coordinates of the faulting CTA. */
    public Dim3 cta() {
        return cta;
    }

    /** The zero-based coordinates of the faulting thread inside its CTA. */
    public Dim3 thread() {
        return thread;
    }

    /**
     * The address involved, or -1 when no address is involved. An {@link FaultKind#OUT_OF_BOUNDS} or {@link
     * FaultKind#MISALIGNED} fault always has one, so for those -1 is the address 0xFFFFFFFFFFFFFFFF.
     */
    public long address() {
        return address;
    }

    /** The kind of fault. */
    public FaultKind kind() {
        return kind;
    }

    /** The reason in words, without the location prefix of {@link #getMessage()}. */
    public String reason() {
        return reason;
    }

    /**
     * The CUDA source position of the fault: the {@code .loc} in effect at the faulting instruction (PTX built with
     * nvcc {@code -lineinfo}), or for a failed {@code assert} the file and line it names; null when not known.
     */
    public SourceLocation source() {
        return source;
    }

    /**
     * What the launch printed with device {@code printf} before the fault, in execution order ({@code ""} for
     * nothing), as a CUDA program shows its buffered {@code printf} output when the kernel stops.
     */
    public String deviceOutput() {
        return deviceOutput;
    }
}
