package dev.gmac.samples.study;

import dev.gmac.api.Adsm;
import dev.gmac.api.Dim3;
import dev.gmac.api.PtxKernel;
import dev.gmac.api.WriteSet;
import dev.gmac.gpu.LaunchStats;

/**
 * What an ADSM host program of the study sees: the {@link Adsm} instance, and one way to call a kernel that
 * always states the kernel's write set. Whether the write set reaches the runtime is the run's choice
 * ({@link Variant#annotated()}): the same host code then measures a protocol with and without the annotations
 * of ADSM paper §4.3 ("programmers can annotate each kernel call with the objects that the kernel will write").
 */
public final class AdsmHost {
    private final Adsm adsm;
    private final boolean annotated;
    private long threadInstructions;

    public AdsmHost(Adsm adsm, boolean annotated) {
        this.adsm = adsm;
        this.annotated = annotated;
    }

    /** The ADSM runtime: allocation, synchronisation, bulk operations, kernels. */
    public Adsm adsm() {
        return adsm;
    }

    /** Whether kernel calls pass their write sets to the runtime. */
    public boolean annotated() {
        return annotated;
    }

    /**
     * Calls a kernel (asynchronously, like {@code adsmCall}) and waits for it ({@code adsmSync}). {@code writes}
     * names the shared objects the kernel writes; it is passed on only when the run is annotated.
     */
    public void callAndSync(PtxKernel kernel, Dim3 grid, Dim3 block, WriteSet writes, Object... args) {
        if (annotated) {
            adsm.adsmCall(kernel, grid, block, writes, args);
        } else {
            adsm.adsmCall(kernel, grid, block, args);
        }
        adsm.adsmSync();
        LaunchStats stats = adsm.lastLaunchStats();
        if (stats != null) {
            threadInstructions += stats.threadInstructions();
        }
    }

    /** Thread instructions the software GPU executed for this host's calls. */
    public long threadInstructions() {
        return threadInstructions;
    }
}
