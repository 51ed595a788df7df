package dev.gmac.samples.study.workload;

import dev.gmac.api.Adsm;
import dev.gmac.api.CudaStyle;
import dev.gmac.api.PtxKernel;

/**
 * A kernel of the study: an entry point in one of the committed PTX modules compiled from
 * {@code samples/src/main/cuda/<module>.cu}.
 */
record KernelSource(String module, String entry) {
    /** The classpath resource holding the module's PTX. */
    String resource() {
        return "/ptx/" + module + ".ptx";
    }

    PtxKernel load(Adsm adsm) {
        return adsm.kernelResource(resource(), entry);
    }

    PtxKernel load(CudaStyle cuda) {
        return cuda.kernelResource(resource(), entry);
    }
}
