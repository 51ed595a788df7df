package dev.gmac.samples.study.workload;

import dev.gmac.api.CudaStyle;
import dev.gmac.api.DeviceBuffer;
import dev.gmac.api.Dim3;
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
import java.util.SplittableRandom;

/**
 * cp, after Parboil's Coulombic potential (ADSM paper Table 2: "computes the coulombic potential at each grid
 * point over one plane in a 3D grid in which point charges have been randomly distributed"). As in the original,
 * the atoms reach the kernel in fixed-size chunks (there, one constant-memory load per launch): the host writes
 * each chunk into a small shared object and every launch adds the chunk's potential to the slice.
 */
public final class CoulombicPotential implements Workload {
    private static final KernelSource KERNEL = new KernelSource("study_cp", "cp_accumulate");
    private static final Dim3 BLOCK = Dim3.of(16, 8);
    private static final float SPACING = 0.5f;
    private static final float SLICE_Z = 0f;

    /**
     * @param width grid points along x
     * @param height grid points along y
     * @param atoms point charges (a multiple of {@code atomsPerLaunch})
     * @param atomsPerLaunch atoms handed to each launch
     */
    public record Params(int width, int height, int atoms, int atomsPerLaunch) {
        public Params {
            if (width <= 0 || height <= 0 || atomsPerLaunch <= 0 || atoms <= 0 || atoms % atomsPerLaunch != 0) {
                throw new IllegalArgumentException("atoms must be a positive multiple of atomsPerLaunch");
            }
        }
    }

    @Override
    public String name() {
        return "cp";
    }

    @Override
    public String summary() {
        return "Coulombic potential on a grid slice, atoms handed over in chunks (Parboil cp)";
    }

    public static Params params(Scale scale) {
        return switch (scale) {
            case TEST -> new Params(32, 16, 64, 16);
            case DEFAULT -> new Params(64, 32, 128, 32);
            case FULL -> new Params(256, 256, 1024, 256);
        };
    }

    @Override
    public Problem problem(Scale scale, long seed) {
        return new CpProblem(params(scale), seed);
    }

    private static final class CpProblem implements Problem {
        private final Params p;
        /** (x, y, z, charge) per atom. */
        private final float[] atoms;

        CpProblem(Params p, long seed) {
            this.p = p;
            SplittableRandom random = new SplittableRandom(seed);
            atoms = new float[4 * p.atoms()];
            for (int a = 0; a < p.atoms(); a++) {
                atoms[4 * a] = (float) random.nextDouble(0, p.width() * SPACING);
                atoms[4 * a + 1] = (float) random.nextDouble(0, p.height() * SPACING);
                atoms[4 * a + 2] = (float) random.nextDouble(1, 6);
                atoms[4 * a + 3] = (float) random.nextDouble(-1, 1);
            }
        }

        @Override
        public String workload() {
            return "cp";
        }

        @Override
        public String size() {
            return p.width() + "x" + p.height() + " grid, " + p.atoms() + " atoms in chunks of " + p.atomsPerLaunch();
        }

        private int points() {
            return p.width() * p.height();
        }

        private Dim3 grid() {
            return Dim3.of((p.width() + BLOCK.x() - 1) / BLOCK.x(), (p.height() + BLOCK.y() - 1) / BLOCK.y());
        }

        @Override
        public Outputs runAdsm(AdsmHost host, Path scratch) {
            var adsm = host.adsm();
            PtxKernel kernel = KERNEL.load(adsm);
            SharedBuffer energy = adsm.adsmAlloc((long) points() * Float.BYTES);
            SharedBuffer chunk = adsm.adsmAlloc((long) p.atomsPerLaunch() * 4 * Float.BYTES);
            adsm.memset(energy, 0, 0, energy.byteSize());
            for (int first = 0; first < p.atoms(); first += p.atomsPerLaunch()) {
                for (int i = 0; i < 4 * p.atomsPerLaunch(); i++) {
                    chunk.putFloat(i, atoms[4 * first + i]);
                }
                host.callAndSync(
                        kernel,
                        grid(),
                        BLOCK,
                        WriteSet.of(energy),
                        p.width(),
                        p.height(),
                        SPACING,
                        SLICE_Z,
                        p.atomsPerLaunch(),
                        chunk,
                        energy);
            }
            float[] result = new float[points()];
            energy.copyTo(result);
            return new Outputs().floats("energy", result);
        }

        @Override
        public Outputs runExplicit(ExplicitHost host, Path scratch) {
            CudaStyle cuda = host.cuda();
            PtxKernel kernel = KERNEL.load(cuda);
            DeviceBuffer energy = cuda.malloc((long) points() * Float.BYTES);
            DeviceBuffer chunk = cuda.malloc((long) p.atomsPerLaunch() * 4 * Float.BYTES);
            cuda.memset(energy, 0, 0, energy.byteSize());
            for (int first = 0; first < p.atoms(); first += p.atomsPerLaunch()) {
                cuda.copyToDevice(chunk, 0, atoms, 4 * first, 4 * p.atomsPerLaunch());
                host.launchAndSync(
                        kernel,
                        grid(),
                        BLOCK,
                        p.width(),
                        p.height(),
                        SPACING,
                        SLICE_Z,
                        p.atomsPerLaunch(),
                        chunk,
                        energy);
            }
            float[] result = new float[points()];
            cuda.copyToHost(energy, 0, result, 0, result.length);
            return new Outputs().floats("energy", result);
        }

        @Override
        public Outputs reference() {
            float[] energy = new float[points()];
            for (int first = 0; first < p.atoms(); first += p.atomsPerLaunch()) {
                for (int iy = 0; iy < p.height(); iy++) {
                    for (int ix = 0; ix < p.width(); ix++) {
                        float px = ix * SPACING;
                        float py = iy * SPACING;
                        float sum = 0f;
                        for (int a = first; a < first + p.atomsPerLaunch(); a++) {
                            float dx = px - atoms[4 * a];
                            float dy = py - atoms[4 * a + 1];
                            float dz = SLICE_Z - atoms[4 * a + 2];
                            float r2 = Math.fma(dz, dz, Math.fma(dy, dy, dx * dx));
                            sum += atoms[4 * a + 3] / (float) Math.sqrt(r2);
                        }
                        energy[iy * p.width() + ix] += sum;
                    }
                }
            }
            return new Outputs().floats("energy", energy);
        }
    }
}
