package dev.gmac.gpu;

/**
 * A CUDA grid or block shape, or a coordinate inside one: three extents, x fastest (programming model,
 * GPGPU architecture slides Part 1; Fung thesis §2.1.1).
 *
 * <p>Shapes are made with {@link #of(int)}, {@link #of(int, int)} and {@link #of(int, int, int)}, which reject
 * extents below 1 with {@link IllegalArgumentException}; {@link SoftwareGpu#launch} checks the same. The
 * canonical constructor also accepts 0 so that a {@code Dim3} can hold a zero-based coordinate such as the
 * CTA and thread of a {@link KernelFaultException} (CUDA's {@code blockIdx}/{@code threadIdx} are {@code dim3}
 * too); negative values are always rejected.
 *
 * @param x extent (or coordinate) in x
 * @param y extent (or coordinate) in y
 * @param z extent (or coordinate) in z
 */
public record Dim3(int x, int y, int z) {
    /** Rejects negative values. */
    public Dim3 {
        if (x < 0 || y < 0 || z < 0) {
            throw new IllegalArgumentException("Dim3 values must be >= 0, got (" + x + ", " + y + ", " + z + ")");
        }
    }

    /** A one-dimensional shape {@code (x, 1, 1)}; {@code x >= 1}. */
    public static Dim3 of(int x) {
        return shape(x, 1, 1);
    }

    /** A two-dimensional shape {@code (x, y, 1)}; extents {@code >= 1}. */
    public static Dim3 of(int x, int y) {
        return shape(x, y, 1);
    }

    /** A three-dimensional shape; extents {@code >= 1}. */
    public static Dim3 of(int x, int y, int z) {
        return shape(x, y, z);
    }

    private static Dim3 shape(int x, int y, int z) {
        if (x < 1 || y < 1 || z < 1) {
            throw new IllegalArgumentException("Dim3 extents must be >= 1, got (" + x + ", " + y + ", " + z + ")");
        }
        return new Dim3(x, y, z);
    }

    /** The number of elements, {@code x * y * z}. */
    public long count() {
        return (long) x * y * z;
    }

    /** True when every extent is at least 1 (a valid grid or block shape). */
    public boolean isShape() {
        return x >= 1 && y >= 1 && z >= 1;
    }

    /** The zero-based coordinates of the {@code linear}-th element of this shape, x fastest. */
    public Dim3 coordinatesOf(long linear) {
        long xy = (long) x * y;
        return new Dim3((int) (linear % x), (int) ((linear / x) % y), (int) (linear / xy));
    }

    @Override
    public String toString() {
        return "(" + x + "," + y + "," + z + ")";
    }
}
