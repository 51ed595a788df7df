package dev.gmac.samples.study.workload;

import dev.gmac.api.CudaStyle;
import dev.gmac.api.DeviceBuffer;
import dev.gmac.api.SharedBuffer;
import dev.gmac.samples.study.Outputs;
import java.nio.file.Path;

/**
 * The output of the two MRI workloads ({@link MriQ}, {@link MriFhd}): one complex value per voxel, its real and
 * imaginary parts in two raw files of the scratch folder. The host programs' only work on the output is writing
 * these files; the study's result is what is read back from them.
 *
 * @param real the name of the real parts' array and file
 * @param imaginary the name of the imaginary parts' array and file
 */
record MriOutputs(String real, String imaginary) {
    /** The ADSM host programs' output path: the shared objects written straight to disk. */
    void write(Path scratch, SharedBuffer re, SharedBuffer im, long bytes) {
        re.writeTo(MriInputs.file(scratch, real), 0, bytes);
        im.writeTo(MriInputs.file(scratch, imaginary), 0, bytes);
    }

    /** The explicit-copy baselines' output path: each device buffer copied to the host, then written to disk. */
    void write(Path scratch, CudaStyle cuda, DeviceBuffer re, DeviceBuffer im, int voxels) {
        float[] out = new float[voxels];
        cuda.copyToHost(re, 0, out, 0, voxels);
        BinaryFiles.writeFloats(MriInputs.file(scratch, real), out);
        cuda.copyToHost(im, 0, out, 0, voxels);
        BinaryFiles.writeFloats(MriInputs.file(scratch, imaginary), out);
    }

    /** The output as written to disk. */
    Outputs read(Path scratch) {
        return new Outputs()
                .floats(real, MriInputs.read(scratch, real))
                .floats(imaginary, MriInputs.read(scratch, imaginary));
    }

    /** The output as the Java reference computes it. */
    Outputs of(float[] re, float[] im) {
        return new Outputs().floats(real, re).floats(imaginary, im);
    }
}
