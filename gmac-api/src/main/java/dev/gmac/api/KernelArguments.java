package dev.gmac.api;

import dev.gmac.gpu.SoftwareGpu;
import dev.gmac.gpu.ptx.ParamDecl;
import dev.gmac.gpu.ptx.PtxType;

/**
 * Checks a call's Java arguments against the kernel's declared {@code .param} types and converts them to
 * the raw values the software GPU takes. Integers must fit the parameter's width (unsigned and bit types
 * also take negative values of the same width, as C does); floats must be passed as float or double
 * ({@code .f32} takes a double only if it is exactly a float); pointers ({@code .u64}/{@code .b64}/{@code
 * .s64}) take shared buffers, device buffers or raw addresses. A mismatch names the argument's index, the
 * parameter and its PTX type.
 */
final class KernelArguments {
    /** Turns a pointer-like argument (a shared or device buffer) into its device address, or null. */
    @FunctionalInterface
    interface PointerResolver {
        Long devicePointer(int index, Object argument);
    }

    private KernelArguments() {}

    static long[] convert(PtxKernel kernel, Object[] args, PointerResolver pointers) {
        var params = kernel.params();
        if (args.length != params.size()) {
            throw new AdsmException(
                    AdsmException.Reason.BAD_ARGUMENT,
                    "kernel " + kernel + " takes " + params.size() + " argument(s), got " + args.length);
        }
        long[] raw = new long[args.length];
        for (int i = 0; i < args.length; i++) {
            raw[i] = convert(kernel, i, params.get(i), args[i], pointers);
        }
        return raw;
    }

    private static long convert(PtxKernel kernel, int index, ParamDecl param, Object arg, PointerResolver pointers) {
        PtxType type = param.type();
        if (param.byteSize() != type.byteSize()) {
            throw mismatch(kernel, index, param, arg, "array parameters cannot be passed from Java");
        }
        if (arg == null) {
            throw mismatch(kernel, index, param, null, "null is not a value");
        }
        Long pointer = pointers.devicePointer(index, arg);
        if (pointer != null) {
            if (!(type.isInteger() && type.byteSize() == 8)) {
                throw mismatch(kernel, index, param, arg, "a buffer passes a 64-bit pointer; the parameter is not one");
            }
            return pointer;
        }
        if (arg instanceof Boolean flag) {
            if (type == PtxType.PRED || type.isInteger()) {
                return flag ? 1 : 0;
            }
            throw mismatch(kernel, index, param, arg, "pass a float or double");
        }
        if (arg instanceof Byte || arg instanceof Short || arg instanceof Integer || arg instanceof Long) {
            long value = ((Number) arg).longValue();
            if (!type.isInteger() && type != PtxType.PRED) {
                throw mismatch(kernel, index, param, arg, "pass a " + (type == PtxType.F64 ? "double" : "float"));
            }
            checkRange(kernel, index, param, arg, value);
            return value;
        }
        if (arg instanceof Float f) {
            return switch (type) {
                case F32 -> Float.floatToRawIntBits(f) & 0xFFFF_FFFFL;
                case F64 -> Double.doubleToRawLongBits(f.doubleValue());
                default -> throw mismatch(kernel, index, param, arg, floatHint(type));
            };
        }
        if (arg instanceof Double d) {
            if (type == PtxType.F64) {
                return Double.doubleToRawLongBits(d);
            }
            if (type == PtxType.F32) {
                float narrowed = d.floatValue();
                if ((double) narrowed != d && !d.isNaN()) {
                    throw mismatch(kernel, index, param, arg, "the double is not exactly a float; pass a float");
                }
                return Float.floatToRawIntBits(narrowed) & 0xFFFF_FFFFL;
            }
            throw mismatch(kernel, index, param, arg, floatHint(type));
        }
        throw mismatch(kernel, index, param, arg, "pass a number, a boolean or a buffer");
    }

    private static String floatHint(PtxType type) {
        return type == PtxType.F16 ? "f16 parameters are not supported from Java" : "pass an integer";
    }

    private static void checkRange(PtxKernel kernel, int index, ParamDecl param, Object arg, long value) {
        PtxType type = param.type();
        int bits = type == PtxType.PRED ? 1 : type.bits();
        if (bits >= 64) {
            return;
        }
        long min = type == PtxType.PRED ? 0 : -(1L << (bits - 1));
        long max = type.isSigned() ? (1L << (bits - 1)) - 1 : (1L << bits) - 1;
        if (value < min || value > max) {
            throw mismatch(kernel, index, param, arg, "out of range [" + min + ", " + max + "]");
        }
    }

    /**
     * Rejects raw address {@code value}, passed to parameter {@code index} (which the kernel dereferences), when it
     * lies in the device address range of another device of the process: every runtime has its own range (decision
     * 0112), so it is a pointer of another runtime (or of one already closed).
     */
    static void rejectForeignAddress(PtxKernel kernel, int index, long value, SoftwareGpu gpu) {
        if (value != 0 && gpu.isAnotherDevicesAddress(value)) {
            throw new AdsmException(
                    AdsmException.Reason.FOREIGN_BUFFER,
                    "kernel " + kernel.name() + ", parameter " + index + " (" + kernel.paramName(index) + "): 0x"
                            + Long.toHexString(value) + " is an address of another runtime (each runtime has its"
                            + " own range of device addresses); pass a buffer of this runtime");
        }
    }

    private static AdsmException mismatch(PtxKernel kernel, int index, ParamDecl param, Object arg, String why) {
        String got = arg == null ? "null" : arg.getClass().getSimpleName() + " " + arg;
        return new AdsmException(
                AdsmException.Reason.BAD_ARGUMENT,
                "kernel " + kernel.name() + ", parameter " + index + " (" + kernel.paramName(index) + ") is ."
                        + param.type().ptxName() + ", got " + got + ": " + why);
    }
}
