package dev.gmac.api;

/** Grid or block extents of a kernel call, as in CUDA's {@code dim3}; each extent at least 1. */
public record Dim3(int x, int y, int z) {
    public Dim3 {
        if (x < 1 || y < 1 || z < 1) {
            throw new AdsmException(
                    AdsmException.Reason.BAD_ARGUMENT,
                    "every extent must be >= 1, got (" + x + ", " + y + ", " + z + ")");
        }
    }

    public static Dim3 of(int x) {
        return new Dim3(x, 1, 1);
    }

    public static Dim3 of(int x, int y) {
        return new Dim3(x, y, 1);
    }

    public static Dim3 of(int x, int y, int z) {
        return new Dim3(x, y, z);
    }

    /** x * y * z. */
    public long count() {
        return (long) x * y * z;
    }

    dev.gmac.gpu.Dim3 toGpu() {
        return dev.gmac.gpu.Dim3.of(x, y, z);
    }
}
