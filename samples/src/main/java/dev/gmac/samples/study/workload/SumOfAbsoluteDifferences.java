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
 * sad, after Parboil's SAD (ADSM paper Table 2: "sum of absolute differences kernel, used in MPEG video encoders",
 * from the JM H.264 encoder's full-pixel motion estimation). The host reads video frames from disk into two shared
 * frame buffers used in turn (the previous frame is the reference), the kernel computes the SAD of every 8x8
 * macroblock at every candidate motion vector, and the host reads the SADs to choose each macroblock's vector.
 */
public final class SumOfAbsoluteDifferences implements Workload {
    private static final KernelSource KERNEL = new KernelSource("study_sad", "sad_search");
    private static final int MB = 8;

    /**
     * @param width frame width in pixels (a multiple of 8)
     * @param height frame height in pixels (a multiple of 8)
     * @param range motion vectors span [-range, range] in each axis
     * @param frames frames of video (each after the first is searched against its predecessor)
     */
    public record Params(int width, int height, int range, int frames) {
        public Params {
            if (width <= 0 || height <= 0 || width % MB != 0 || height % MB != 0) {
                throw new IllegalArgumentException("frame sides must be positive multiples of 8");
            }
            if (range < 0 || (2 * range + 1) * (2 * range + 1) > 1024 || frames < 2) {
                throw new IllegalArgumentException("need 0 <= range <= 15 and at least two frames");
            }
        }

        int macroblocks() {
            return (width / MB) * (height / MB);
        }

        int candidates() {
            return (2 * range + 1) * (2 * range + 1);
        }

        int pixels() {
            return width * height;
        }
    }

    @Override
    public String name() {
        return "sad";
    }

    @Override
    public String summary() {
        return "full-search motion estimation on video frames read from disk (Parboil sad)";
    }

    public static Params params(Scale scale) {
        return switch (scale) {
            case TEST -> new Params(32, 32, 2, 3);
            case DEFAULT -> new Params(64, 48, 3, 4);
            case FULL -> new Params(176, 144, 8, 4);
        };
    }

    @Override
    public Problem problem(Scale scale, long seed) {
        return new SadProblem(params(scale), seed);
    }

    private static final class SadProblem implements Problem {
        private final Params p;
        private final byte[][] frames;

        SadProblem(Params p, long seed) {
            this.p = p;
            SplittableRandom random = new SplittableRandom(seed);
            int margin = p.frames() * 2;
            int tw = p.width() + margin;
            int th = p.height() + margin;
            int[] texture = new int[tw * th];
            for (int i = 0; i < texture.length; i++) {
                texture[i] = random.nextInt(256);
            }
            frames = new byte[p.frames()][p.pixels()];
            for (int f = 0; f < p.frames(); f++) {
                // The scene pans by (2, 1) pixels per frame, plus a little sensor noise.
                for (int y = 0; y < p.height(); y++) {
                    for (int x = 0; x < p.width(); x++) {
                        int v = texture[(y + f) * tw + x + 2 * f] + random.nextInt(9) - 4;
                        frames[f][y * p.width() + x] = (byte) Math.max(0, Math.min(255, v));
                    }
                }
            }
        }

        @Override
        public String workload() {
            return "sad";
        }

        @Override
        public String size() {
            return p.frames() + " frames of " + p.width() + "x" + p.height() + ", range +-" + p.range();
        }

        private int perFrame() {
            return p.macroblocks() * p.candidates();
        }

        private static Path frameFile(Path scratch, int f) {
            return scratch.resolve("frame-" + f + ".raw");
        }

        private void writeFrames(Path scratch) {
            for (int f = 0; f < p.frames(); f++) {
                BinaryFiles.write(frameFile(scratch, f), frames[f]);
            }
        }

        private Outputs outputs(int[] sads) {
            int searches = p.frames() - 1;
            int[] best = new int[searches * p.macroblocks()];
            for (int s = 0; s < searches; s++) {
                for (int mb = 0; mb < p.macroblocks(); mb++) {
                    int base = s * perFrame() + mb * p.candidates();
                    int winner = 0;
                    for (int c = 1; c < p.candidates(); c++) {
                        if (sads[base + c] < sads[base + winner]) {
                            winner = c;
                        }
                    }
                    best[s * p.macroblocks() + mb] = winner;
                }
            }
            return new Outputs().ints("sads", sads).ints("bestVector", best);
        }

        @Override
        public Outputs runAdsm(AdsmHost host, Path scratch) {
            writeFrames(scratch);
            var adsm = host.adsm();
            PtxKernel kernel = KERNEL.load(adsm);
            SharedBuffer[] frame = {adsm.adsmAlloc(p.pixels()), adsm.adsmAlloc(p.pixels())};
            SharedBuffer sads = adsm.adsmAlloc((long) perFrame() * Integer.BYTES);
            frame[0].readFrom(frameFile(scratch, 0), 0, p.pixels());
            int[] all = new int[(p.frames() - 1) * perFrame()];
            for (int f = 1; f < p.frames(); f++) {
                SharedBuffer current = frame[f % 2];
                SharedBuffer reference = frame[(f - 1) % 2];
                current.readFrom(frameFile(scratch, f), 0, p.pixels());
                host.callAndSync(
                        kernel,
                        Dim3.of(p.macroblocks()),
                        Dim3.of(p.candidates()),
                        WriteSet.of(sads),
                        p.width(),
                        p.height(),
                        p.range(),
                        current,
                        reference,
                        sads);
                sads.copyTo(0, all, (f - 1) * perFrame(), perFrame());
            }
            return outputs(all);
        }

        @Override
        public Outputs runExplicit(ExplicitHost host, Path scratch) {
            CudaStyle cuda = host.cuda();
            writeFrames(scratch);
            PtxKernel kernel = KERNEL.load(cuda);
            DeviceBuffer[] frame = {cuda.malloc(p.pixels()), cuda.malloc(p.pixels())};
            DeviceBuffer sads = cuda.malloc((long) perFrame() * Integer.BYTES);
            byte[] first = BinaryFiles.read(frameFile(scratch, 0));
            cuda.copyToDevice(frame[0], 0, first, 0, first.length);
            int[] all = new int[(p.frames() - 1) * perFrame()];
            int[] one = new int[perFrame()];
            for (int f = 1; f < p.frames(); f++) {
                DeviceBuffer current = frame[f % 2];
                DeviceBuffer reference = frame[(f - 1) % 2];
                byte[] pixels = BinaryFiles.read(frameFile(scratch, f));
                cuda.copyToDevice(current, 0, pixels, 0, pixels.length);
                host.launchAndSync(
                        kernel,
                        Dim3.of(p.macroblocks()),
                        Dim3.of(p.candidates()),
                        p.width(),
                        p.height(),
                        p.range(),
                        current,
                        reference,
                        sads);
                cuda.copyToHost(sads, 0, one, 0, one.length);
                System.arraycopy(one, 0, all, (f - 1) * perFrame(), one.length);
            }
            return outputs(all);
        }

        @Override
        public Outputs reference() {
            int w = p.width();
            int h = p.height();
            int side = 2 * p.range() + 1;
            int[] all = new int[(p.frames() - 1) * perFrame()];
            for (int f = 1; f < p.frames(); f++) {
                byte[] cur = frames[f];
                byte[] ref = frames[f - 1];
                for (int mb = 0; mb < p.macroblocks(); mb++) {
                    int bx = (mb % (w / MB)) * MB;
                    int by = (mb / (w / MB)) * MB;
                    for (int c = 0; c < p.candidates(); c++) {
                        int dx = c % side - p.range();
                        int dy = c / side - p.range();
                        int sum = 0;
                        for (int y = 0; y < MB; y++) {
                            int ry = Math.min(Math.max(by + y + dy, 0), h - 1);
                            for (int x = 0; x < MB; x++) {
                                int rx = Math.min(Math.max(bx + x + dx, 0), w - 1);
                                int a = cur[(by + y) * w + bx + x] & 0xff;
                                int b = ref[ry * w + rx] & 0xff;
                                sum += Math.abs(a - b);
                            }
                        }
                        all[(f - 1) * perFrame() + mb * p.candidates() + c] = sum;
                    }
                }
            }
            return outputs(all);
        }

        @Override
        public double tolerance() {
            return 0;
        }
    }
}
