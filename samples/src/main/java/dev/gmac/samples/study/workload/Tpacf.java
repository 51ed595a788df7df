package dev.gmac.samples.study.workload;

import dev.gmac.api.CudaStyle;
import dev.gmac.api.DeviceBuffer;
import dev.gmac.api.Dim3;
import dev.gmac.api.PtxKernel;
import dev.gmac.api.SharedBuffer;
import dev.gmac.api.WriteSet;
import dev.gmac.samples.study.AdsmHost;
import dev.gmac.samples.study.Outputs;
import dev.gmac.samples.study.Problem;
import dev.gmac.samples.study.Scale;
import dev.gmac.samples.study.Workload;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * tpacf, after Parboil's two-point angular correlation function (ADSM paper Table 2). As §5.3 says of the
 * original, the host initialises its inputs in several passes: it reads right ascensions and declinations from
 * disk into the x and y arrays, converts every point to a unit vector in a second pass, and renormalises in a
 * third. A block evicted by rolling-update between passes is written again and must be sent again, which is the
 * pathology of Figure 12 for small rolling sizes. The kernel histograms the angular separations between the
 * observed points and a random catalogue.
 */
public final class Tpacf implements Workload {
    private static final KernelSource KERNEL = new KernelSource("study_tpacf", "tpacf_histogram");
    private static final int THREADS = 128;

    /**
     * @param dataPoints observed points
     * @param randomPoints random-catalogue points
     * @param bins histogram bins over 0 to 180 degrees
     */
    public record Params(int dataPoints, int randomPoints, int bins) {
        public Params {
            if (dataPoints <= 0 || randomPoints <= 0 || bins < 2) {
                throw new IllegalArgumentException("need points and at least two bins");
            }
        }

        int points() {
            return dataPoints + randomPoints;
        }
    }

    @Override
    public String name() {
        return "tpacf";
    }

    @Override
    public String summary() {
        return "angular correlation histogram; inputs read from disk and initialised in three passes (Parboil"
                + " tpacf)";
    }

    /** Sizes for the study's table. */
    public static Params tableParams(Scale scale) {
        return switch (scale) {
            case TEST -> new Params(8, 504, 16);
            case DEFAULT -> new Params(32, 2016, 16);
            case FULL -> new Params(256, 97_178 - 256, 32);
        };
    }

    /**
     * Sizes for the rolling-size sweep (Figure 12): a catalogue large enough to span many blocks of 128 KiB, with
     * few observed points so that the kernel stays cheap.
     */
    public static Params sweepParams(Scale scale) {
        return switch (scale) {
            case TEST -> new Params(1, 32 * 1024 - 1, 16);
            case DEFAULT -> new Params(1, 128 * 1024 - 1, 16);
            case FULL -> new Params(4, 1024 * 1024 - 4, 32);
        };
    }

    @Override
    public Problem problem(Scale scale, long seed) {
        return problem(tableParams(scale), seed);
    }

    public Problem problem(Params params, long seed) {
        return new TpacfProblem(params, seed);
    }

    /** Pass two: (right ascension, declination) in degrees to a unit vector. */
    static void toCartesian(float ra, float dec, float[] xyz) {
        double r = Math.toRadians(ra);
        double d = Math.toRadians(dec);
        double cd = Math.cos(d);
        xyz[0] = (float) (Math.cos(r) * cd);
        xyz[1] = (float) (Math.sin(r) * cd);
        xyz[2] = (float) Math.sin(d);
    }

    /** Pass three: renormalise in single precision. */
    static void normalise(float[] xyz) {
        float norm = (float) Math.sqrt(xyz[0] * xyz[0] + xyz[1] * xyz[1] + xyz[2] * xyz[2]);
        xyz[0] /= norm;
        xyz[1] /= norm;
        xyz[2] /= norm;
    }

    private static final class TpacfProblem implements Problem {
        private final Params p;
        private final float[] ra;
        private final float[] dec;
        private final float[] binCos;

        TpacfProblem(Params p, long seed) {
            this.p = p;
            SplittableRandom random = new SplittableRandom(seed);
            ra = new float[p.points()];
            dec = new float[p.points()];
            for (int i = 0; i < p.points(); i++) {
                ra[i] = (float) random.nextDouble(0, 360);
                // Uniform on the sphere: sin(dec) uniform in [-1, 1].
                dec[i] = (float) Math.toDegrees(Math.asin(random.nextDouble(-1, 1)));
            }
            binCos = new float[p.bins() + 1];
            binCos[0] = 2f;
            for (int b = 1; b < p.bins(); b++) {
                binCos[b] = (float) Math.cos(Math.toRadians(b * 180.0 / p.bins()));
            }
            binCos[p.bins()] = -2f;
        }

        @Override
        public String workload() {
            return "tpacf";
        }

        @Override
        public String size() {
            return p.dataPoints() + " observed and " + p.randomPoints() + " random points, " + p.bins() + " bins";
        }

        private Dim3 grid() {
            return Dim3.of((p.randomPoints() + THREADS - 1) / THREADS);
        }

        private void writeCatalogue(Path scratch) {
            BinaryFiles.writeFloats(scratch.resolve("ra.raw"), ra);
            BinaryFiles.writeFloats(scratch.resolve("dec.raw"), dec);
        }

        @Override
        public Outputs runAdsm(AdsmHost host, Path scratch) {
            writeCatalogue(scratch);
            var adsm = host.adsm();
            PtxKernel kernel = KERNEL.load(adsm);
            int n = p.points();
            long bytes = (long) n * Float.BYTES;
            SharedBuffer x = adsm.adsmAlloc(bytes);
            SharedBuffer y = adsm.adsmAlloc(bytes);
            SharedBuffer z = adsm.adsmAlloc(bytes);
            SharedBuffer bounds = adsm.adsmAlloc((long) binCos.length * Float.BYTES);
            SharedBuffer histogram = adsm.adsmAlloc((long) p.bins() * Integer.BYTES);
            for (int b = 0; b < binCos.length; b++) {
                bounds.putFloat(b, binCos[b]);
            }
            adsm.memset(histogram, 0, 0, histogram.byteSize());
            // Pass one: the catalogue's angles, straight from disk.
            x.readFrom(scratch.resolve("ra.raw"), 0, bytes);
            y.readFrom(scratch.resolve("dec.raw"), 0, bytes);
            // Pass two: angles to unit vectors, in place.
            float[] v = new float[3];
            for (int i = 0; i < n; i++) {
                toCartesian(x.getFloat(i), y.getFloat(i), v);
                x.putFloat(i, v[0]);
                y.putFloat(i, v[1]);
                z.putFloat(i, v[2]);
            }
            // Pass three: renormalise.
            for (int i = 0; i < n; i++) {
                v[0] = x.getFloat(i);
                v[1] = y.getFloat(i);
                v[2] = z.getFloat(i);
                normalise(v);
                x.putFloat(i, v[0]);
                y.putFloat(i, v[1]);
                z.putFloat(i, v[2]);
            }
            host.callAndSync(
                    kernel,
                    grid(),
                    Dim3.of(THREADS),
                    WriteSet.of(histogram),
                    p.dataPoints(),
                    p.randomPoints(),
                    x,
                    y,
                    z,
                    bounds,
                    p.bins(),
                    histogram);
            int[] counts = new int[p.bins()];
            histogram.copyTo(counts);
            return new Outputs().ints("histogram", counts);
        }

        /** The three host passes over plain arrays (the explicit baseline and the reference). */
        private float[][] unitVectors(float[] angleRa, float[] angleDec) {
            int n = p.points();
            float[] x = angleRa.clone();
            float[] y = angleDec.clone();
            float[] z = new float[n];
            float[] v = new float[3];
            for (int i = 0; i < n; i++) {
                toCartesian(x[i], y[i], v);
                x[i] = v[0];
                y[i] = v[1];
                z[i] = v[2];
            }
            for (int i = 0; i < n; i++) {
                v[0] = x[i];
                v[1] = y[i];
                v[2] = z[i];
                normalise(v);
                x[i] = v[0];
                y[i] = v[1];
                z[i] = v[2];
            }
            return new float[][] {x, y, z};
        }

        @Override
        public Outputs runExplicit(CudaStyle cuda, Path scratch) {
            writeCatalogue(scratch);
            PtxKernel kernel = KERNEL.load(cuda);
            float[][] xyz = unitVectors(
                    BinaryFiles.readFloats(scratch.resolve("ra.raw")),
                    BinaryFiles.readFloats(scratch.resolve("dec.raw")));
            DeviceBuffer[] coords = new DeviceBuffer[3];
            for (int d = 0; d < 3; d++) {
                coords[d] = cuda.malloc((long) p.points() * Float.BYTES);
                cuda.copyToDevice(coords[d], 0, xyz[d], 0, p.points());
            }
            DeviceBuffer bounds = cuda.malloc((long) binCos.length * Float.BYTES);
            cuda.copyToDevice(bounds, 0, binCos, 0, binCos.length);
            DeviceBuffer histogram = cuda.malloc((long) p.bins() * Integer.BYTES);
            cuda.memset(histogram, 0, 0, histogram.byteSize());
            cuda.launch(
                    kernel,
                    grid(),
                    Dim3.of(THREADS),
                    p.dataPoints(),
                    p.randomPoints(),
                    coords[0],
                    coords[1],
                    coords[2],
                    bounds,
                    p.bins(),
                    histogram);
            cuda.sync();
            int[] counts = new int[p.bins()];
            cuda.copyToHost(histogram, 0, counts, 0, counts.length);
            return new Outputs().ints("histogram", counts);
        }

        @Override
        public Outputs reference() {
            float[][] xyz = unitVectors(ra, dec);
            float[] x = xyz[0];
            float[] y = xyz[1];
            float[] z = xyz[2];
            int d0 = p.dataPoints();
            int[] counts = new int[p.bins()];
            for (int j = 0; j < p.randomPoints(); j++) {
                for (int d = 0; d < d0; d++) {
                    float c = Math.fma(z[d], z[d0 + j], Math.fma(y[d], y[d0 + j], x[d] * x[d0 + j]));
                    int lo = 0;
                    int hi = p.bins();
                    while (hi - lo > 1) {
                        int mid = (lo + hi) >>> 1;
                        if (binCos[mid] >= c) {
                            lo = mid;
                        } else {
                            hi = mid;
                        }
                    }
                    counts[lo]++;
                }
            }
            return new Outputs().ints("histogram", counts);
        }

        @Override
        public double tolerance() {
            return 0;
        }
    }
}
