package dev.gmac.samples.study.workload;

import dev.gmac.api.CudaStyle;
import dev.gmac.api.DeviceBuffer;
import dev.gmac.api.PtxKernel;
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
 * mri-fhd, after Parboil's MRI-FHD (ADSM paper Table 2: "computation of an image-specific matrix F^H d"). Like
 * {@link MriQ}, the large input is read from files into shared objects and the output is only written to disk;
 * unlike it, the packed k-space records reach the accumulation kernel in chunks (the original's constant-memory
 * loads), through one small shared object the host rewrites before every launch.
 */
public final class MriFhd implements Workload {
    private static final KernelSource RHO_PHI = new KernelSource("study_mri_fhd", "mrifhd_rhophi");
    private static final KernelSource ACCUMULATE = new KernelSource("study_mri_fhd", "mrifhd_accumulate");
    private static final int RECORD = 5;
    private static final String[] SAMPLE_FILES = {"kx", "ky", "kz", "phiR", "phiI", "dR", "dI"};

    /**
     * @param voxels image-space points (numX)
     * @param samples k-space samples (numK, a multiple of {@code samplesPerLaunch})
     * @param samplesPerLaunch k-space records per accumulation launch
     */
    public record Params(int voxels, int samples, int samplesPerLaunch) {
        public Params {
            if (voxels <= 0 || samplesPerLaunch <= 0 || samples <= 0 || samples % samplesPerLaunch != 0) {
                throw new IllegalArgumentException("samples must be a positive multiple of samplesPerLaunch");
            }
        }
    }

    @Override
    public String name() {
        return "mri-fhd";
    }

    @Override
    public String summary() {
        return "MRI F^H d: inputs read from files into shared objects, k-space fed in chunks, output written to"
                + " disk (Parboil mri-fhd)";
    }

    public static Params params(Scale scale) {
        return switch (scale) {
            case TEST -> new Params(256, 128, 32);
            case DEFAULT -> new Params(512, 512, 128);
            case FULL -> new Params(32 * 32 * 32, 3072, 512);
        };
    }

    @Override
    public Problem problem(Scale scale, long seed) {
        return new MriFhdProblem(params(scale), seed);
    }

    private static final class MriFhdProblem implements Problem {
        private static final MriOutputs OUTPUTS = new MriOutputs("FhDr", "FhDi");
        private final Params p;
        private final MriInputs inputs;

        MriFhdProblem(Params p, long seed) {
            this.p = p;
            this.inputs = new MriInputs(SAMPLE_FILES, p.samples(), p.voxels(), seed);
        }

        @Override
        public String workload() {
            return "mri-fhd";
        }

        @Override
        public String size() {
            return p.voxels() + " voxels, " + p.samples() + " samples in chunks of " + p.samplesPerLaunch();
        }

        /** Writes chunk {@code c}'s records, (kx, ky, kz, rhoPhiR, rhoPhiI) each, into {@code records}. */
        private void packChunk(int c, float[] kx, float[] ky, float[] kz, float[] rr, float[] ri, float[] records) {
            int first = c * p.samplesPerLaunch();
            for (int k = 0; k < p.samplesPerLaunch(); k++) {
                records[RECORD * k] = kx[first + k];
                records[RECORD * k + 1] = ky[first + k];
                records[RECORD * k + 2] = kz[first + k];
                records[RECORD * k + 3] = rr[first + k];
                records[RECORD * k + 4] = ri[first + k];
            }
        }

        private int chunks() {
            return p.samples() / p.samplesPerLaunch();
        }

        @Override
        public Outputs runAdsm(AdsmHost host, Path scratch) {
            inputs.write(scratch);
            var adsm = host.adsm();
            int numK = p.samples();
            int numX = p.voxels();
            long kBytes = (long) numK * Float.BYTES;
            long xBytes = (long) numX * Float.BYTES;
            float[] kx = MriInputs.read(scratch, "kx");
            float[] ky = MriInputs.read(scratch, "ky");
            float[] kz = MriInputs.read(scratch, "kz");
            SharedBuffer[] samples = new SharedBuffer[4];
            for (int f = 0; f < 4; f++) {
                samples[f] = adsm.adsmAlloc(kBytes);
                samples[f].readFrom(MriInputs.file(scratch, SAMPLE_FILES[3 + f]), 0, kBytes);
            }
            SharedBuffer[] voxels = new SharedBuffer[3];
            for (int f = 0; f < 3; f++) {
                voxels[f] = adsm.adsmAlloc(xBytes);
                voxels[f].readFrom(MriInputs.file(scratch, MriInputs.VOXEL_FILES[f]), 0, xBytes);
            }
            SharedBuffer rhoR = adsm.adsmAlloc(kBytes);
            SharedBuffer rhoI = adsm.adsmAlloc(kBytes);
            SharedBuffer chunk = adsm.adsmAlloc((long) RECORD * p.samplesPerLaunch() * Float.BYTES);
            SharedBuffer fhdR = adsm.adsmAlloc(xBytes);
            SharedBuffer fhdI = adsm.adsmAlloc(xBytes);
            adsm.memset(fhdR, 0, 0, xBytes);
            adsm.memset(fhdI, 0, 0, xBytes);

            host.callAndSync(
                    RHO_PHI.load(adsm),
                    MriInputs.grid(numK),
                    MriInputs.BLOCK,
                    WriteSet.of(rhoR, rhoI),
                    numK,
                    samples[0],
                    samples[1],
                    samples[2],
                    samples[3],
                    rhoR,
                    rhoI);
            float[] rr = new float[numK];
            float[] ri = new float[numK];
            rhoR.copyTo(rr);
            rhoI.copyTo(ri);
            PtxKernel accumulate = ACCUMULATE.load(adsm);
            float[] records = new float[RECORD * p.samplesPerLaunch()];
            for (int c = 0; c < chunks(); c++) {
                packChunk(c, kx, ky, kz, rr, ri, records);
                chunk.copyFrom(records);
                host.callAndSync(
                        accumulate,
                        MriInputs.grid(numX),
                        MriInputs.BLOCK,
                        WriteSet.of(fhdR, fhdI),
                        numX,
                        p.samplesPerLaunch(),
                        voxels[0],
                        voxels[1],
                        voxels[2],
                        chunk,
                        fhdR,
                        fhdI);
            }
            OUTPUTS.write(scratch, fhdR, fhdI, xBytes);
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
            DeviceBuffer[] samples = new DeviceBuffer[4];
            for (int f = 0; f < 4; f++) {
                samples[f] = MriInputs.upload(cuda, scratch, SAMPLE_FILES[3 + f]);
            }
            DeviceBuffer[] voxels = new DeviceBuffer[3];
            for (int f = 0; f < 3; f++) {
                voxels[f] = MriInputs.upload(cuda, scratch, MriInputs.VOXEL_FILES[f]);
            }
            DeviceBuffer rhoR = cuda.malloc(kBytes);
            DeviceBuffer rhoI = cuda.malloc(kBytes);
            DeviceBuffer chunk = cuda.malloc((long) RECORD * p.samplesPerLaunch() * Float.BYTES);
            DeviceBuffer fhdR = cuda.malloc(xBytes);
            DeviceBuffer fhdI = cuda.malloc(xBytes);
            cuda.memset(fhdR, 0, 0, xBytes);
            cuda.memset(fhdI, 0, 0, xBytes);

            host.launchAndSync(
                    RHO_PHI.load(cuda),
                    MriInputs.grid(numK),
                    MriInputs.BLOCK,
                    numK,
                    samples[0],
                    samples[1],
                    samples[2],
                    samples[3],
                    rhoR,
                    rhoI);
            float[] rr = new float[numK];
            float[] ri = new float[numK];
            cuda.copyToHost(rhoR, 0, rr, 0, numK);
            cuda.copyToHost(rhoI, 0, ri, 0, numK);
            PtxKernel accumulate = ACCUMULATE.load(cuda);
            float[] records = new float[RECORD * p.samplesPerLaunch()];
            for (int c = 0; c < chunks(); c++) {
                packChunk(c, kx, ky, kz, rr, ri, records);
                cuda.copyToDevice(chunk, 0, records, 0, records.length);
                host.launchAndSync(
                        accumulate,
                        MriInputs.grid(numX),
                        MriInputs.BLOCK,
                        numX,
                        p.samplesPerLaunch(),
                        voxels[0],
                        voxels[1],
                        voxels[2],
                        chunk,
                        fhdR,
                        fhdI);
            }
            OUTPUTS.write(scratch, cuda, fhdR, fhdI, numX);
            return OUTPUTS.read(scratch);
        }

        @Override
        public Outputs reference() {
            int numK = p.samples();
            float[] phiR = inputs.sample(3);
            float[] phiI = inputs.sample(4);
            float[] dR = inputs.sample(5);
            float[] dI = inputs.sample(6);
            float[] rr = new float[numK];
            float[] ri = new float[numK];
            for (int k = 0; k < numK; k++) {
                rr[k] = Math.fma(phiI[k], dI[k], phiR[k] * dR[k]);
                ri[k] = phiR[k] * dI[k] - phiI[k] * dR[k];
            }
            float[] fr = new float[p.voxels()];
            float[] fi = new float[p.voxels()];
            float[] records = new float[RECORD * p.samplesPerLaunch()];
            for (int c = 0; c < chunks(); c++) {
                packChunk(c, inputs.sample(0), inputs.sample(1), inputs.sample(2), rr, ri, records);
                for (int t = 0; t < fr.length; t++) {
                    float sx = inputs.voxel(0)[t];
                    float sy = inputs.voxel(1)[t];
                    float sz = inputs.voxel(2)[t];
                    float accR = 0f;
                    float accI = 0f;
                    for (int k = 0; k < p.samplesPerLaunch(); k++) {
                        int r = RECORD * k;
                        float dot = Math.fma(records[r + 2], sz, Math.fma(records[r + 1], sy, records[r] * sx));
                        float arg = MriInputs.TWO_PI * dot;
                        float cos = (float) Math.cos(arg);
                        float sin = (float) Math.sin(arg);
                        accR += records[r + 3] * cos - records[r + 4] * sin;
                        accI += Math.fma(records[r + 3], sin, records[r + 4] * cos);
                    }
                    fr[t] += accR;
                    fi[t] += accI;
                }
            }
            return OUTPUTS.of(fr, fi);
        }

        @Override
        public double tolerance() {
            return 1e-4;
        }
    }
}
