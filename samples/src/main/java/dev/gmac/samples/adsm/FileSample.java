package dev.gmac.samples.adsm;

import dev.gmac.api.Adsm;
import dev.gmac.api.CudaStyle;
import dev.gmac.api.DeviceBuffer;
import dev.gmac.api.Dim3;
import dev.gmac.api.FloatView;
import dev.gmac.api.PtxKernel;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * File, kernel, file (the ADSM paper's §3.4 example): the program reads a file of floats straight into a shared
 * buffer, a kernel scales it into another, and the program writes that buffer to a file. The explicit version reads
 * into a host array, copies in, launches, copies out and writes the array.
 */
final class FileSample implements AdsmSample {
    static final int N = 1 << 18;
    static final float SCALE = 0.5f;
    static final float OFFSET = 3f;

    @Override
    public String name() {
        return "file-kernel-file";
    }

    private static float input(int i) {
        return (i % 1000) * 0.25f;
    }

    /** Writes the input file (little-endian floats, as the device stores them) if it is not there yet. */
    private static Path inputFile(Path scratch) throws IOException {
        Path file = scratch.resolve("file-sample-input.bin");
        if (!Files.exists(file)) {
            ByteBuffer bytes = ByteBuffer.allocate(4 * N).order(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < N; i++) {
                bytes.putFloat(input(i));
            }
            Files.write(file, bytes.array());
        }
        return file;
    }

    private static float[] readFloats(Path file) throws IOException {
        ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        float[] values = new float[bytes.capacity() / 4];
        bytes.asFloatBuffer().get(values);
        return values;
    }

    @Override
    public float[] runAdsm(Adsm adsm, Path scratch) throws IOException {
        Path in = inputFile(scratch);
        Path out = scratch.resolve("file-sample-adsm.bin");
        PtxKernel scale = adsm.kernelResource("/ptx/adsm_samples.ptx", "scale_offset");
        FloatView src = adsm.allocFloats(N);
        FloatView dst = adsm.allocFloats(N);
        src.buffer().readFrom(in, 0, 4L * N);
        adsm.adsmCall(scale, Dim3.of(N / 256), Dim3.of(256), src, dst, N, SCALE, OFFSET);
        adsm.adsmSync();
        dst.buffer().writeTo(out, 0, 4L * N);
        return readFloats(out);
    }

    @Override
    public float[] runExplicit(CudaStyle cuda, Path scratch) throws IOException {
        Path in = inputFile(scratch);
        Path out = scratch.resolve("file-sample-explicit.bin");
        PtxKernel scale = cuda.kernelResource("/ptx/adsm_samples.ptx", "scale_offset");
        float[] host = readFloats(in);
        DeviceBuffer src = cuda.malloc(4L * N);
        DeviceBuffer dst = cuda.malloc(4L * N);
        cuda.copyToDevice(src, 0, host, 0, N);
        cuda.launch(scale, Dim3.of(N / 256), Dim3.of(256), src, dst, N, SCALE, OFFSET);
        cuda.copyToHost(dst, 0, host, 0, N);
        ByteBuffer bytes = ByteBuffer.allocate(4 * N).order(ByteOrder.LITTLE_ENDIAN);
        bytes.asFloatBuffer().put(host);
        Files.write(out, bytes.array());
        return readFloats(out);
    }

    @Override
    public float[] expected() {
        float[] values = new float[N];
        for (int i = 0; i < N; i++) {
            values[i] = (float) Math.fma(input(i), SCALE, OFFSET);
        }
        return values;
    }
}
