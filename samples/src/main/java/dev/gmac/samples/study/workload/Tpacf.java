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
 * tpacf, after Parboil's two-point angular correlation function (ADSM paper Table 2). As §5.3 says of the
 * original, the host initialises its inputs in several passes: it reads the catalogue's (right ascension,
 * declination) records from disk straight into the shared array of points, converts every record to a unit vector
 * in place in a second pass, and renormalises in a third. A block evicted by rolling-update between passes is written again and must be sent again, which is the
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
            case DEFAULT -> new Params(32, 1504, 16);
            case FULL -> new Params(64, 97_178 - 64, 32);
        };
    }

    /**
     * Sizes for the rolling-size sweep (Figure 12): a 1 MiB catalogue, so that at 128 KiB blocks it spans more
     * blocks than rolling sizes 1 and 2 keep dirty, and few observed points, so that the kernel stays cheap.
     */
    public static Params sweepParams(Scale scale) {
        return switch (scale) {
            case TEST -> new Params(1, 32 * 1024 - 1, 8);
            case DEFAULT -> new Params(1, (1 << 20) / 12 - 1, 8);
            case FULL -> new Params(1, (8 << 20) / 12 - 1, 16);
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
        /** The catalogue file's records: (right ascension, declination, 0) in degrees, one per point. */
        private final float[] catalogue;

        private final float[] binCos;

        TpacfProblem(Params p, long seed) {
            this.p = p;
            SplittableRandom random = new SplittableRandom(seed);
            catalogue = new float[3 * p.points()];
            for (int i = 0; i < p.points(); i++) {
                catalogue[3 * i] = (float) random.nextDouble(0, 360);
                // Uniform on the sphere: sin(dec) uniform in [-1, 1].
                catalogue[3 * i + 1] = (float) Math.toDegrees(Math.asin(random.nextDouble(-1, 1)));
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

        private Path writeCatalogue(Path scratch) {
            Path file = scratch.resolve("catalogue.raw");
            BinaryFiles.writeFloats(file, catalogue);
            return file;
        }

        @Override
        public Outputs runAdsm(AdsmHost host, Path scratch) {
            Path file = writeCatalogue(scratch);
            var adsm = host.adsm();
            PtxKernel kernel = KERNEL.load(adsm);
            int n = p.points();
            long bytes = 3L * n * Float.BYTES;
            SharedBuffer points = adsm.adsmAlloc(bytes);
            SharedBuffer bounds = adsm.adsmAlloc((long) binCos.length * Float.BYTES);
            SharedBuffer histogram = adsm.adsmAlloc((long) p.bins() * Integer.BYTES);
            for (int b = 0; b < binCos.length; b++) {
                bounds.putFloat(b, binCos[b]);
            }
            adsm.memset(histogram, 0, 0, histogram.byteSize());
            // Pass one: the catalogue's (ra, dec, 0) records, straight from disk.
            points.readFrom(file, 0, bytes);
            // Pass two: angles to unit vectors, in place.
            float[] v = new float[3];
            for (int i = 0; i < n; i++) {
                toCartesian(points.getFloat(3L * i), points.getFloat(3L * i + 1), v);
                for (int d = 0; d < 3; d++) {
                    points.putFloat(3L * i + d, v[d]);
                }
            }
            // Pass three: renormalise.
            for (int i = 0; i < n; i++) {
                for (int d = 0; d < 3; d++) {
                    v[d] = points.getFloat(3L * i + d);
                }
                normalise(v);
                for (int d = 0; d < 3; d++) {
                    points.putFloat(3L * i + d, v[d]);
                }
            }
            host.callAndSync(
                    kernel,
                    grid(),
                    Dim3.of(THREADS),
                    WriteSet.of(histogram),
                    p.dataPoints(),
                    p.randomPoints(),
                    points,
                    bounds,
                    p.bins(),
                    histogram);
            int[] counts = new int[p.bins()];
            histogram.copyTo(counts);
            return new Outputs().ints("histogram", counts);
        }

        /** Passes two and three over plain records (the explicit baseline and the reference). */
        private static float[] unitVectors(float[] records) {
            float[] points = records.clone();
            float[] v = new float[3];
            for (int i = 0; i < points.length / 3; i++) {
                toCartesian(points[3 * i], points[3 * i + 1], v);
                System.arraycopy(v, 0, points, 3 * i, 3);
            }
            for (int i = 0; i < points.length / 3; i++) {
                System.arraycopy(points, 3 * i, v, 0, 3);
                normalise(v);
                System.arraycopy(v, 0, points, 3 * i, 3);
            }
            return points;
        }

        @Override
        public Outputs runExplicit(ExplicitHost host, Path scratch) {
            CudaStyle cuda = host.cuda();
            Path file = writeCatalogue(scratch);
            PtxKernel kernel = KERNEL.load(cuda);
            float[] points = unitVectors(BinaryFiles.readFloats(file));
            DeviceBuffer devicePoints = cuda.malloc((long) points.length * Float.BYTES);
            cuda.copyToDevice(devicePoints, 0, points, 0, points.length);
            DeviceBuffer bounds = cuda.malloc((long) binCos.length * Float.BYTES);
            cuda.copyToDevice(bounds, 0, binCos, 0, binCos.length);
            DeviceBuffer histogram = cuda.malloc((long) p.bins() * Integer.BYTES);
            cuda.memset(histogram, 0, 0, histogram.byteSize());
            host.launchAndSync(
                    kernel,
                    grid(),
                    Dim3.of(THREADS),
                    p.dataPoints(),
                    p.randomPoints(),
                    devicePoints,
                    bounds,
                    p.bins(),
                    histogram);
            int[] counts = new int[p.bins()];
            cuda.copyToHost(histogram, 0, counts, 0, counts.length);
            return new Outputs().ints("histogram", counts);
        }

        @Override
        public Outputs reference() {
            float[] points = unitVectors(catalogue);
            int d0 = p.dataPoints();
            int[] counts = new int[p.bins()];
            for (int j = 0; j < p.randomPoints(); j++) {
                int r = 3 * (d0 + j);
                for (int d = 0; d < d0; d++) {
                    float c = Math.fma(
                            points[3 * d + 2],
                            points[r + 2],
                            Math.fma(points[3 * d + 1], points[r + 1], points[3 * d] * points[r]));
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
