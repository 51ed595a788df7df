package dev.gmac.samples.study.workload;

import dev.gmac.api.CudaStyle;
import dev.gmac.api.DeviceBuffer;
import dev.gmac.api.Dim3;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * The generated inputs of the two MRI workloads ({@link MriQ}, {@link MriFhd}) and their raw files: one array per
 * k-space sample quantity (the trajectory kx, ky, kz first, then the workload's own quantities) and the voxel
 * coordinates x, y, z, each written to {@code <name>.raw} in the scratch folder, where the host programs read
 * them back.
 */
final class MriInputs {
    /** The float constant the kernels use for 2 pi. */
    static final float TWO_PI = 6.2831853f;
    /** Threads per CTA of every MRI kernel. */
    private static final int THREADS = 128;
    /** The CTA of every MRI kernel: {@link #THREADS} threads. */
    static final Dim3 BLOCK = Dim3.of(THREADS);
    /** The voxel coordinate files. */
    static final String[] VOXEL_FILES = {"x", "y", "z"};

    private final String[] sampleFiles;
    private final float[][] sampleData;
    private final float[][] voxelData;

    /**
     * Draws the sample arrays in the order of {@code sampleFiles}, then x, y, z: the trajectory (the first three
     * sample arrays) and the coordinates from [-0.5, 0.5), the other sample quantities from [-1, 1).
     */
    MriInputs(String[] sampleFiles, int samples, int voxels, long seed) {
        this.sampleFiles = sampleFiles;
        this.sampleData = new float[sampleFiles.length][];
        this.voxelData = new float[VOXEL_FILES.length][];
        SplittableRandom random = new SplittableRandom(seed);
        for (int f = 0; f < sampleData.length; f++) {
            sampleData[f] = randomArray(random, samples, f < 3 ? 0.5 : 1.0);
        }
        for (int f = 0; f < voxelData.length; f++) {
            voxelData[f] = randomArray(random, voxels, 0.5);
        }
    }

    /** {@code n} values drawn uniformly from [-bound, bound). */
    private static float[] randomArray(SplittableRandom random, int n, double bound) {
        float[] values = new float[n];
        for (int i = 0; i < n; i++) {
            values[i] = (float) random.nextDouble(-bound, bound);
        }
        return values;
    }

    /** Sample quantity {@code f}, in the order of the constructor's {@code sampleFiles}. */
    float[] sample(int f) {
        return sampleData[f];
    }

    /** Voxel coordinate {@code f}: 0 for x, 1 for y, 2 for z. */
    float[] voxel(int f) {
        return voxelData[f];
    }

    /** Writes every input array to its raw file in {@code scratch}. */
    void write(Path scratch) {
        for (int f = 0; f < sampleData.length; f++) {
            BinaryFiles.writeFloats(file(scratch, sampleFiles[f]), sampleData[f]);
        }
        for (int f = 0; f < voxelData.length; f++) {
            BinaryFiles.writeFloats(file(scratch, VOXEL_FILES[f]), voxelData[f]);
        }
    }

    /** The raw file of array {@code name} (an input or an output) in {@code scratch}. */
    static Path file(Path scratch, String name) {
        return scratch.resolve(name + ".raw");
    }

    /** The floats of raw file {@code name} in {@code scratch}. */
    static float[] read(Path scratch, String name) {
        return BinaryFiles.readFloats(file(scratch, name));
    }

    /** The explicit-copy baselines' input path: reads raw file {@code name} and copies it to a new device buffer. */
    static DeviceBuffer upload(CudaStyle cuda, Path scratch, String name) {
        float[] values = read(scratch, name);
        DeviceBuffer buffer = cuda.malloc((long) values.length * Float.BYTES);
        cuda.copyToDevice(buffer, 0, values, 0, values.length);
        return buffer;
    }

    /** The grid that covers {@code n} threads with CTAs of {@link #THREADS}. */
    static Dim3 grid(int n) {
        return Dim3.of((n + THREADS - 1) / THREADS);
    }
}
