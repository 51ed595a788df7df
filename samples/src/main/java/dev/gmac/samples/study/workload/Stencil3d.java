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
import java.util.List;

/**
 * The 3D stencil of ADSM paper §5.1 (Figure 9): a leapfrog 3D wave propagation. Every time step the host
 * introduces a point source into the volume (a read-modify-write of one element, "a small emitter localized at
 * some point in space"), the kernel advances the volume, and every few steps the host writes the volume to
 * disk with {@code SharedBuffer.writeTo}. Lazy-update must move the whole volume for the source; rolling-update
 * moves the one block that holds it.
 */
public final class Stencil3d implements Workload {
    private static final KernelSource KERNEL = new KernelSource("study_stencil", "stencil_step");
    private static final float COURANT2 = 0.1f;
    private static final Dim3 BLOCK = Dim3.of(16, 8);

    /**
     * @param side the volume is side x side x side floats
     * @param steps time steps (a multiple of {@code dumpEvery})
     * @param dumpEvery the host writes the volume to disk after every {@code dumpEvery} steps
     */
    public record Params(int side, int steps, int dumpEvery) {
        public Params {
            if (side < 3 || steps <= 0 || dumpEvery <= 0 || steps % dumpEvery != 0) {
                throw new IllegalArgumentException("need side >= 3 and steps a positive multiple of dumpEvery: " + side
                        + ", " + steps + ", " + dumpEvery);
            }
        }

        long cells() {
            return (long) side * side * side;
        }
    }

    @Override
    public String name() {
        return "stencil";
    }

    @Override
    public String summary() {
        return "3D wave stencil; the host adds a point source every step and writes the volume to disk every few"
                + " steps (the paper's Figure 9)";
    }

    /** Sizes for the study's table. */
    public static Params tableParams(Scale scale) {
        return switch (scale) {
            case TEST -> new Params(24, 4, 2);
            case DEFAULT -> new Params(32, 6, 3);
            case FULL -> new Params(128, 8, 4);
        };
    }

    /**
     * Volume sides for the volume-size sweep (Figure 9; the paper uses 64^3 to 384^3). The default reaches 64^3
     * (1 MiB), so that the volume spans several of the sweep's 256 KiB blocks.
     */
    public static List<Integer> sweepSides(Scale scale) {
        return switch (scale) {
            case TEST -> List.of(16, 24);
            case DEFAULT -> List.of(32, 48, 64);
            case FULL -> List.of(64, 128, 192);
        };
    }

    /**
     * The sweep's parameters for one volume side: two steps and one write to disk by default (every step costs
     * the same transfers, so two show the pattern at a third of the simulation time of six).
     */
    public static Params sweepParams(Scale scale, int side) {
        return scale == Scale.FULL ? new Params(side, 4, 2) : new Params(side, 2, 2);
    }

    @Override
    public Problem problem(Scale scale, long seed) {
        return problem(tableParams(scale), seed);
    }

    public Problem problem(Params params, long seed) {
        return new StencilProblem(params, seed);
    }

    /** The source's amplitude at a step (a damped sine: the emitter's signal). */
    static float amplitude(int step, long seed) {
        double phase = 0.3 + (seed & 0xff) / 256.0;
        return (float) (Math.sin(0.6 * step + phase) * Math.exp(-0.05 * step));
    }

    private static final class StencilProblem implements Problem {
        private final Params p;
        private final long seed;
        private final int source;

        StencilProblem(Params p, long seed) {
            this.p = p;
            this.seed = seed;
            int s = p.side();
            int c = s / 2;
            source = (c * s + c) * s + c;
        }

        @Override
        public String workload() {
            return "stencil";
        }

        @Override
        public String size() {
            return p.side() + "^3, " + p.steps() + " steps, dump every " + p.dumpEvery();
        }

        private Dim3 grid() {
            int s = p.side();
            return Dim3.of((s + BLOCK.x() - 1) / BLOCK.x(), (s + BLOCK.y() - 1) / BLOCK.y());
        }

        private static Path dumpFile(Path scratch, int step) {
            return scratch.resolve("volume-" + step + ".raw");
        }

        private Outputs dumps(Path scratch) {
            Outputs out = new Outputs();
            for (int t = p.dumpEvery(); t <= p.steps(); t += p.dumpEvery()) {
                out.floats("volume@" + t, BinaryFiles.readFloats(dumpFile(scratch, t)));
            }
            return out;
        }

        @Override
        public Outputs runAdsm(AdsmHost host, Path scratch) {
            var adsm = host.adsm();
            PtxKernel kernel = KERNEL.load(adsm);
            long bytes = p.cells() * Float.BYTES;
            int s = p.side();
            SharedBuffer older = adsm.adsmAlloc(bytes);
            SharedBuffer current = adsm.adsmAlloc(bytes);
            adsm.memset(older, 0, 0, bytes);
            adsm.memset(current, 0, 0, bytes);
            for (int t = 0; t < p.steps(); t++) {
                current.putFloat(source, current.getFloat(source) + amplitude(t, seed));
                host.callAndSync(kernel, grid(), BLOCK, WriteSet.of(older), s, s, s, COURANT2, current, older);
                SharedBuffer next = older;
                older = current;
                current = next;
                if ((t + 1) % p.dumpEvery() == 0) {
                    current.writeTo(dumpFile(scratch, t + 1), 0, bytes);
                }
            }
            return dumps(scratch);
        }

        @Override
        public Outputs runExplicit(ExplicitHost host, Path scratch) {
            CudaStyle cuda = host.cuda();
            PtxKernel kernel = KERNEL.load(cuda);
            long bytes = p.cells() * Float.BYTES;
            int s = p.side();
            DeviceBuffer older = cuda.malloc(bytes);
            DeviceBuffer current = cuda.malloc(bytes);
            cuda.memset(older, 0, 0, bytes);
            cuda.memset(current, 0, 0, bytes);
            float[] cell = new float[1];
            float[] volume = new float[(int) p.cells()];
            for (int t = 0; t < p.steps(); t++) {
                long at = (long) source * Float.BYTES;
                cuda.copyToHost(current, at, cell, 0, 1);
                cell[0] += amplitude(t, seed);
                cuda.copyToDevice(current, at, cell, 0, 1);
                host.launchAndSync(kernel, grid(), BLOCK, s, s, s, COURANT2, current, older);
                DeviceBuffer next = older;
                older = current;
                current = next;
                if ((t + 1) % p.dumpEvery() == 0) {
                    cuda.copyToHost(current, 0, volume, 0, volume.length);
                    BinaryFiles.writeFloats(dumpFile(scratch, t + 1), volume);
                }
            }
            return dumps(scratch);
        }

        @Override
        public Outputs reference() {
            int s = p.side();
            int plane = s * s;
            float[] older = new float[(int) p.cells()];
            float[] current = new float[(int) p.cells()];
            Outputs out = new Outputs();
            for (int t = 0; t < p.steps(); t++) {
                current[source] += amplitude(t, seed);
                for (int z = 0; z < s; z++) {
                    for (int y = 0; y < s; y++) {
                        for (int x = 0; x < s; x++) {
                            int i = z * plane + y * s + x;
                            if (x == 0 || y == 0 || z == 0 || x == s - 1 || y == s - 1 || z == s - 1) {
                                older[i] = 0f;
                                continue;
                            }
                            float c = current[i];
                            float sum = ((current[i - 1] + current[i + 1]) + (current[i - s] + current[i + s]))
                                    + (current[i - plane] + current[i + plane]);
                            float laplacian = sum - 6.0f * c;
                            older[i] = Math.fma(COURANT2, laplacian, 2.0f * c - older[i]);
                        }
                    }
                }
                float[] next = older;
                older = current;
                current = next;
                if ((t + 1) % p.dumpEvery() == 0) {
                    out.floats("volume@" + (t + 1), current);
                }
            }
            return out;
        }

        @Override
        public double tolerance() {
            return 1e-6;
        }
    }
}
