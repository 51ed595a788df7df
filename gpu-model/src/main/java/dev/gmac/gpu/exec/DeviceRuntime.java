package dev.gmac.gpu.exec;

import dev.gmac.gpu.DeviceMemoryException;
import dev.gmac.gpu.FaultKind;
import dev.gmac.gpu.KernelFaultException;
import dev.gmac.gpu.ptx.Insn;
import dev.gmac.gpu.ptx.Op;
import dev.gmac.gpu.ptx.SourceLocation;
import dev.gmac.gpu.ptx.StateSpace;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The functions of the CUDA device runtime a kernel may call, run per lane for one launch (CUDA C++ Programming
 * Guide, "Formatted Output", "Assertion", "Dynamic Global Memory Allocation and Operations"): nvcc lowers {@code
 * printf} to {@code vprintf(format, args)}, a failed {@code assert} to {@code __assertfail(message, file, line,
 * function, charSize)}, and {@code malloc}/{@code free} to calls of those names, all declared {@code .extern} in
 * the PTX; lowering turns each call into one {@link Op#BUILTIN_CALL} instruction, which the interpreter hands here.
 *
 * <ul>
 *   <li>{@code vprintf} formats in C's way ({@link PrintfFormat}) and appends one record per thread to the launch's
 *       {@link DeviceOutput}, the executing lanes in ascending order: the output is in execution order and, like the
 *       rest of the simulation, the same for the same configuration and seed. Returns the number of arguments.
 *   <li>{@code __assertfail} stops the kernel with an {@link FaultKind#ASSERTION} fault that reads as CUDA's message
 *       ({@code file:line: function: Assertion `expression` failed.}) and names every lane of the warp that failed.
 *   <li>{@code malloc}/{@code free} use the launch's {@link DeviceHeap}. A {@code malloc} that does not fit returns
 *       NULL as on CUDA; the fault of a later access through that NULL says which {@code malloc} failed and why. A
 *       {@code free} of anything else than a live block is an {@link FaultKind#INVALID_FREE} fault.
 * </ul>
 *
 * <p>Arguments are read from the caller's {@code .param} variables (local memory of the lane's frame) or registers,
 * strings and the {@code vprintf} argument buffer through the launch's {@link MemoryPort}, so a bad pointer faults
 * like any access. Confined to the launch's thread.
 */
final class DeviceRuntime {
    /** Longest string read from device memory for {@code %s} or an assertion's texts. */
    private static final int MAX_STRING = 1 << 20;

    private final KernelLaunch launch;
    private final MemoryPort port;
    private final DeviceOutput output;
    private final DeviceHeap heap;
    /** Why the last failed {@code malloc} returned NULL, or null. */
    private String failedMalloc;

    DeviceRuntime(KernelLaunch launch, MemoryPort port) {
        this.launch = launch;
        this.port = port;
        this.output = new DeviceOutput(launch.config.printfBufferBytes());
        this.heap = new DeviceHeap(launch.memory, launch.config.deviceHeapBytes());
    }

    /** What the launch printed so far. */
    String output() {
        return output.text();
    }

    /** Releases the launch's heap. */
    void release() {
        heap.release();
    }

    /**
     * For a fault at {@code address} near 0 after a {@code malloc} returned NULL: which one and why; else null.
     */
    String nullHint(long address) {
        return failedMalloc != null && address >= 0 && address < (1L << 20) ? failedMalloc : null;
    }

    /** Executes {@link Op#BUILTIN_CALL} {@code in} for the lanes {@code em} of warp {@code w} in {@code frame}. */
    void call(Warp w, Insn in, long em, int frame, long[] r) {
        if (in.sub == Op.BI_ASSERTFAIL && em != 0) {
            throw assertion(w, in, em, frame, r);
        }
        for (long lm = em; lm != 0; lm &= lm - 1) {
            int lane = Long.numberOfTrailingZeros(lm);
            switch (in.sub) {
                case Op.BI_VPRINTF: {
                    long format = arg(w, in, frame, r, lane, 0, 8);
                    long buffer = arg(w, in, frame, r, lane, 1, 8);
                    result(w, in, frame, r, lane, 4, printf(w, in, lane, format, buffer));
                    break;
                }
                case Op.BI_MALLOC:
                    result(w, in, frame, r, lane, 8, malloc(w, in, lane, arg(w, in, frame, r, lane, 0, 8)));
                    break;
                case Op.BI_FREE: {
                    long ptr = arg(w, in, frame, r, lane, 0, 8);
                    if (ptr != 0 && !heap.free(ptr)) {
                        throw launch.fault(
                                w,
                                in,
                                lane,
                                ptr,
                                FaultKind.INVALID_FREE,
                                "free(0x" + Long.toHexString(ptr) + ") of a pointer that device malloc did not return"
                                        + " in this launch, or that was already freed");
                    }
                    break;
                }
                default:
                    throw new IllegalStateException("no device-runtime function " + in.sub);
            }
        }
    }

    // ------------------------------------------------------------------ the functions

    private long printf(Warp w, Insn in, int lane, long format, long buffer) {
        if (format == 0) {
            return -1; // CUDA: -1 for a NULL format
        }
        byte[] fmt = string(w, in, lane, format);
        ByteArrayOutputStream text = new ByteArrayOutputStream(fmt.length + 32);
        int[] offset = {0};
        int n = PrintfFormat.format(
                fmt,
                new PrintfFormat.Args() {
                    @Override
                    public long next(int bytes) {
                        int at = (offset[0] + bytes - 1) & -bytes;
                        offset[0] = at + bytes;
                        return port.load(w, in, StateSpace.GENERIC, buffer + at, bytes, lane);
                    }

                    @Override
                    public byte[] string(long pointer) {
                        return DeviceRuntime.this.string(w, in, lane, pointer);
                    }
                },
                text);
        output.append(text.toByteArray());
        return n;
    }

    private long malloc(Warp w, Insn in, int lane, long size) {
        long p;
        try {
            p = heap.malloc(size);
        } catch (DeviceMemoryException e) {
            failedMalloc = "device malloc(" + size + ") " + where(in) + " returned NULL: device memory could not hold"
                    + " the launch's " + heap.capacity() + "-byte heap (" + e.getMessage() + ")";
            return 0;
        }
        if (p == 0 && size != 0) {
            failedMalloc = "device malloc(" + Long.toUnsignedString(size) + ") " + where(in) + " returned NULL: the"
                    + " launch's " + heap.capacity() + "-byte heap had no free block that large (raise"
                    + " gmac.gpu.heapSize, GpuConfig.deviceHeapBytes)";
        }
        return p;
    }

    private KernelFaultException assertion(Warp w, Insn in, long em, int frame, long[] r) {
        int lane = Long.numberOfTrailingZeros(em);
        String message = text(w, in, lane, arg(w, in, frame, r, lane, 0, 8));
        String file = text(w, in, lane, arg(w, in, frame, r, lane, 1, 8));
        int line = (int) arg(w, in, frame, r, lane, 2, 4);
        String function = text(w, in, lane, arg(w, in, frame, r, lane, 3, 8));
        int others = Long.bitCount(em) - 1;
        SourceLocation at = in.source != null
                        && in.source.line() == line
                        && in.source.file().endsWith(file)
                ? in.source
                : new SourceLocation(file, line, 0, null);
        String reason = file + ":" + line + ": " + function + ": Assertion `" + message + "` failed."
                + (others == 0 ? "" : " (" + others + " more thread" + (others == 1 ? "" : "s") + " of the warp too)");
        return launch.fault(w, in, lane, -1, FaultKind.ASSERTION, reason, at);
    }

    // ------------------------------------------------------------------ arguments and memory

    /** Argument {@code i} of the call for {@code lane}: {@code bytes} bytes, zero-extended. */
    private static long arg(Warp w, Insn in, int frame, long[] r, int lane, int i, int bytes) {
        long mask = bytes == 8 ? -1L : (1L << (8 * bytes)) - 1;
        if (in.argKind[i] != 0) {
            return r[in.argValue[i] + lane] & mask;
        }
        int at = lane * w.localStride + w.frameBase[frame] + in.argValue[i];
        long v = 0;
        for (int b = bytes - 1; b >= 0; b--) {
            v = (v << 8) | (w.local[at + b] & 0xFF);
        }
        return v;
    }

    /** Stores the return value of the call for {@code lane}, when the call takes it. */
    private static void result(Warp w, Insn in, int frame, long[] r, int lane, int bytes, long value) {
        if (in.retKind.length == 0) {
            return;
        }
        long v = bytes == 8 ? value : value & ((1L << (8 * bytes)) - 1);
        if (in.retKind[0] != 0) {
            r[in.retValue[0] + lane] = v;
            return;
        }
        int at = lane * w.localStride + w.frameBase[frame] + in.retValue[0];
        for (int b = 0; b < bytes; b++) {
            w.local[at + b] = (byte) (v >>> (8 * b));
        }
    }

    /** The NUL-terminated string at generic address {@code pointer}. */
    private byte[] string(Warp w, Insn in, int lane, long pointer) {
        ByteArrayOutputStream s = new ByteArrayOutputStream();
        for (long a = pointer; ; a++) {
            byte b = (byte) port.load(w, in, StateSpace.GENERIC, a, 1, lane);
            if (b == 0) {
                return s.toByteArray();
            }
            if (s.size() >= MAX_STRING) {
                throw launch.fault(
                        w,
                        in,
                        lane,
                        pointer,
                        FaultKind.INVALID_INSTRUCTION,
                        "no string end (NUL) within " + MAX_STRING + " bytes of the string at 0x"
                                + Long.toHexString(pointer));
            }
            s.write(b);
        }
    }

    private String text(Warp w, Insn in, int lane, long pointer) {
        return pointer == 0 ? "(null)" : new String(string(w, in, lane, pointer), StandardCharsets.UTF_8);
    }

    private static String where(Insn in) {
        return "at PTX line " + in.line + (in.source == null ? "" : " (" + in.source + ")");
    }
}
