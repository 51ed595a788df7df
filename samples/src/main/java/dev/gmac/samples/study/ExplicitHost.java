package dev.gmac.samples.study;

import dev.gmac.api.CudaStyle;
import dev.gmac.api.Dim3;
import dev.gmac.api.PtxKernel;
import dev.gmac.gpu.LaunchStats;

/**
 * What an explicit-copy baseline of the study sees: the {@link CudaStyle} runtime (device buffers, copies,
 * launches), and one way to launch a kernel and wait for it that also keeps count of the simulated work.
 */
public final class ExplicitHost {
    private final CudaStyle cuda;
    private long threadInstructions;

    public ExplicitHost(CudaStyle cuda) {
        this.cuda = cuda;
    }

    /** The CUDA-style runtime: {@code malloc}, {@code copyToDevice}/{@code copyToHost}, {@code memset}. */
    public CudaStyle cuda() {
        return cuda;
    }

    /** Launches a kernel and waits for it ({@code cudaDeviceSynchronize}). */
    public void launchAndSync(PtxKernel kernel, Dim3 grid, Dim3 block, Object... args) {
        cuda.launch(kernel, grid, block, args);
        cuda.sync();
        LaunchStats stats = cuda.lastLaunchStats();
        if (stats != null) {
            threadInstructions += stats.threadInstructions();
        }
    }

    /** Thread instructions the software GPU executed for this host's launches. */
    public long threadInstructions() {
        return threadInstructions;
    }
}
