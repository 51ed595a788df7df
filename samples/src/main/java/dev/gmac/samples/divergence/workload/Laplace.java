package dev.gmac.samples.divergence.workload;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.ptx.PtxModule;
import dev.gmac.samples.divergence.Check;
import dev.gmac.samples.divergence.DivergenceWorkload;
import dev.gmac.samples.divergence.InputSize;
import dev.gmac.samples.divergence.StudyDevice;
import dev.gmac.samples.divergence.Verdict;
import dev.gmac.samples.divergence.WorkloadSet;
import java.util.SplittableRandom;

/**
 * LPS: Jacobi sweeps of the 3D Laplace equation with fixed boundary values (the GPGPU-Sim benchmarks' laplace3d;
 * {@code div_laplace.cu}). As in that kernel, each thread loads at most one halo cell and the halo cells belong to
 * the CTA's first threads (one branch that two and a quarter of the four warps take); the grid's boundary and a
 * partial last CTA column leave lanes idle as well.
 */
public final class Laplace implements DivergenceWorkload {
    static final int SWEEPS = 2;

    @Override
    public String name() {
        return "LPS";
    }

    @Override
    public String description() {
        return "Jacobi sweeps of the 3D Laplace equation, a 32x4 tile marching up z (3D Laplace solver)";
    }

    @Override
    public WorkloadSet set() {
        return WorkloadSet.DIVERGENT;
    }

    static float[] reference(float[] u, int nx, int ny, int nz, int sweeps) {
        float[] a = u.clone();
        for (int s = 0; s < sweeps; s++) {
            float[] b = new float[a.length];
            for (int k = 0; k < nz; k++) {
                for (int j = 0; j < ny; j++) {
                    for (int i = 0; i < nx; i++) {
                        int idx = (k * ny + j) * nx + i;
                        if (i == 0 || i == nx - 1 || j == 0 || j == ny - 1 || k == 0 || k == nz - 1) {
                            b[idx] = a[idx];
                        } else {
                            float sum = a[idx - 1] + a[idx + 1];
                            sum += a[idx - nx];
                            sum += a[idx + nx];
                            sum += a[idx - nx * ny];
                            sum += a[idx + nx * ny];
                            b[idx] = sum * 0.16666667f;
                        }
                    }
                }
            }
            a = b;
        }
        return a;
    }

    @Override
    public Verdict run(StudyDevice d, InputSize size, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int nx = size.pick(40, 100);
        int ny = size.pick(12, 92);
        int nz = size.pick(8, 8);
        float[] u = new float[nx * ny * nz];
        for (int i = 0; i < u.length; i++) {
            u[i] = (float) rnd.nextDouble();
        }
        PtxModule m = d.module("div_laplace");
        long a = d.upload(u);
        long b = d.zeros(4L * u.length);
        Dim3 grid = Dim3.of((nx + 31) / 32, (ny + 3) / 4);
        for (int s = 0; s < SWEEPS; s++) {
            d.launch(m, "laplace_sweep", grid, Dim3.of(32, 4), nx, ny, nz, a, b);
            long t = a;
            a = b;
            b = t;
        }
        return new Check()
                .floats("u", reference(u, nx, ny, nz, SWEEPS), d.floats(a, u.length))
                .verdict();
    }
}
