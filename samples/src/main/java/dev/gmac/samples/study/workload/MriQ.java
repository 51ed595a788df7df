package dev.gmac.samples.study.workload;

import dev.gmac.api.CudaStyle;
import dev.gmac.api.DeviceBuffer;
import dev.gmac.api.SharedBuffer;
import dev.gmac.api.WriteSet;
import dev.gmac.samples.study.AdsmHost;
import dev.gmac.samples.study.ExplicitHost;
import dev.gmac.samples.study.Outputs;
import dev.gmac.samples.study.Problem;
import dev.gmac.samples.study.Scale;
import dev.gmac.samples.study.Workload;
import java.nio.file.Path;

/**
 * mri-q, after Parboil's MRI-Q (ADSM paper Table 2: "computation of a matrix Q, representing the scanner
 * configuration"). A large input is read from files straight into shared objects ({@code SharedBuffer.readFrom},
 * §4.4), a first kernel squares the sample magnitudes, the host packs (kx, ky, kz, |phi|^2) records (the k-space
 * trajectory stays in host memory: the accelerator never reads it directly), a second kernel computes Q, and the
 * host's only work on the output is writing it to disk.
 */
public final class MriQ implements Workload {
    private static final KernelSource PHI_MAG = new KernelSource("study_mri_q", "mriq_phimag");
    private static final KernelSource COMPUTE_Q = new KernelSource("study_mri_q", "mriq_computeq");
    private static final String[] SAMPLE_FILES = {"kx", "ky", "kz", "phiR", "phiI"};

    /**
     * @param voxels image-space points (numX)
     * @param samples k-space samples (numK)
     */
    public record Params(int voxels, int samples) {
        public Params {
            if (voxels <= 0 || samples <= 0) {
                throw new IllegalArgumentException("voxels and samples must be positive");
            }
        }
    }

    @Override
    public String name() {
        return "mri-q";
    }

    @Override
    public String summary() {
        return "MRI Q matrix: inputs read from files into shared objects, two kernels, output written to disk"
                + " (Parboil mri-q)";
    }

    public static Params params(Scale scale) {
        return switch (scale) {
            case TEST -> new Params(256, 128);
            case DEFAULT -> new Params(512, 512);
            case FULL -> new Params(32 * 32 * 32, 3072);
        };
    }

    @Override
    public Problem problem(Scale scale, long seed) {
        return new MriQProblem(params(scale), seed);
    }

    private static final class MriQProblem implements Problem {
        private static final MriOutputs OUTPUTS = new MriOutputs("Qr", "Qi");
        private final Params p;
        private final MriInputs inputs;

        MriQProblem(Params p, long seed) {
            this.p = p;
            this.inputs = new MriInputs(SAMPLE_FILES, p.samples(), p.voxels(), seed);
        }

        @Override
        public String workload() {
            return "mri-q";
        }

        @Override
        public String size() {
            return p.voxels() + " voxels, " + p.samples() + " samples";
        }

        @Override
        public Outputs runAdsm(AdsmHost host, Path scratch) {
            inputs.write(scratch);
            var adsm = host.adsm();
            int numK = p.samples();
            int numX = p.voxels();
            long kBytes = (long) numK * Float.BYTES;
            long xBytes = (long) numX * Float.BYTES;
            // The trajectory is host data: the kernels only see it packed into kValues.
            float[] kx = MriInputs.read(scratch, "kx");
            float[] ky = MriInputs.read(scratch, "ky");
            float[] kz = MriInputs.read(scratch, "kz");
            SharedBuffer phiR = adsm.adsmAlloc(kBytes);
            SharedBuffer phiI = adsm.adsmAlloc(kBytes);
            SharedBuffer x = adsm.adsmAlloc(xBytes);
            SharedBuffer y = adsm.adsmAlloc(xBytes);
            SharedBuffer z = adsm.adsmAlloc(xBytes);
            phiR.readFrom(MriInputs.file(scratch, "phiR"), 0, kBytes);
            phiI.readFrom(MriInputs.file(scratch, "phiI"), 0, kBytes);
            x.readFrom(MriInputs.file(scratch, "x"), 0, xBytes);
            y.readFrom(MriInputs.file(scratch, "y"), 0, xBytes);
            z.readFrom(MriInputs.file(scratch, "z"), 0, xBytes);
            SharedBuffer phiMag = adsm.adsmAlloc(kBytes);
            SharedBuffer kValues = adsm.adsmAlloc(4 * kBytes);
            SharedBuffer qr = adsm.adsmAlloc(xBytes);
            SharedBuffer qi = adsm.adsmAlloc(xBytes);

            host.callAndSync(
                    PHI_MAG.load(adsm),
                    MriInputs.grid(numK),
                    MriInputs.BLOCK,
                    WriteSet.of(phiMag),
                    numK,
                    phiR,
                    phiI,
                    phiMag);
            for (int k = 0; k < numK; k++) {
                kValues.putFloat(4L * k, kx[k]);
                kValues.putFloat(4L * k + 1, ky[k]);
                kValues.putFloat(4L * k + 2, kz[k]);
                kValues.putFloat(4L * k + 3, phiMag.getFloat(k));
            }
            host.callAndSync(
                    COMPUTE_Q.load(adsm),
                    MriInputs.grid(numX),
                    MriInputs.BLOCK,
                    WriteSet.of(qr, qi),
                    numX,
                    numK,
                    x,
                    y,
                    z,
                    kValues,
                    qr,
                    qi);
            OUTPUTS.write(scratch, qr, qi, xBytes);
            return OUTPUTS.read(scratch);
        }

        @Override
        public Outputs runExplicit(ExplicitHost host, Path scratch) {
            CudaStyle cuda = host.cuda();
            inputs.write(scratch);
            int numK = p.samples();
            int numX = p.voxels();
            long kBytes = (long) numK * Float.BYTES;
            long xBytes = (long) numX * Float.BYTES;
            float[] kx = MriInputs.read(scratch, "kx");
            float[] ky = MriInputs.read(scratch, "ky");
            float[] kz = MriInputs.read(scratch, "kz");
            DeviceBuffer phiR = MriInputs.upload(cuda, scratch, "phiR");
            DeviceBuffer phiI = MriInputs.upload(cuda, scratch, "phiI");
            DeviceBuffer x = MriInputs.upload(cuda, scratch, "x");
            DeviceBuffer y = MriInputs.upload(cuda, scratch, "y");
            DeviceBuffer z = MriInputs.upload(cuda, scratch, "z");
            DeviceBuffer phiMag = cuda.malloc(kBytes);
            DeviceBuffer kValues = cuda.malloc(4 * kBytes);
            DeviceBuffer qr = cuda.malloc(xBytes);
            DeviceBuffer qi = cuda.malloc(xBytes);

            host.launchAndSync(PHI_MAG.load(cuda), MriInputs.grid(numK), MriInputs.BLOCK, numK, phiR, phiI, phiMag);
            float[] mag = new float[numK];
            cuda.copyToHost(phiMag, 0, mag, 0, numK);
            float[] packed = pack(kx, ky, kz, mag);
            cuda.copyToDevice(kValues, 0, packed, 0, packed.length);
            host.launchAndSync(
                    COMPUTE_Q.load(cuda), MriInputs.grid(numX), MriInputs.BLOCK, numX, numK, x, y, z, kValues, qr, qi);
            OUTPUTS.write(scratch, cuda, qr, qi, numX);
            return OUTPUTS.read(scratch);
        }

        private static float[] pack(float[] kx, float[] ky, float[] kz, float[] mag) {
            float[] packed = new float[4 * kx.length];
            for (int k = 0; k < kx.length; k++) {
                packed[4 * k] = kx[k];
                packed[4 * k + 1] = ky[k];
                packed[4 * k + 2] = kz[k];
                packed[4 * k + 3] = mag[k];
            }
            return packed;
        }

        @Override
        public Outputs reference() {
            float[] phiR = inputs.sample(3);
            float[] phiI = inputs.sample(4);
            float[] mag = new float[p.samples()];
            for (int k = 0; k < mag.length; k++) {
                mag[k] = Math.fma(phiI[k], phiI[k], phiR[k] * phiR[k]);
            }
            float[] kv = pack(inputs.sample(0), inputs.sample(1), inputs.sample(2), mag);
            float[] qr = new float[p.voxels()];
            float[] qi = new float[p.voxels()];
            for (int t = 0; t < qr.length; t++) {
                float sx = inputs.voxel(0)[t];
                float sy = inputs.voxel(1)[t];
                float sz = inputs.voxel(2)[t];
                float accR = 0f;
                float accI = 0f;
                for (int k = 0; k < mag.length; k++) {
                    float dot = Math.fma(kv[4 * k + 2], sz, Math.fma(kv[4 * k + 1], sy, kv[4 * k] * sx));
                    float arg = MriInputs.TWO_PI * dot;
                    accR = Math.fma(kv[4 * k + 3], (float) Math.cos(arg), accR);
                    accI = Math.fma(kv[4 * k + 3], (float) Math.sin(arg), accI);
                }
                qr[t] = accR;
                qi[t] = accI;
            }
            return OUTPUTS.of(qr, qi);
        }

        @Override
        public double tolerance() {
            return 1e-4;
        }
    }
}
