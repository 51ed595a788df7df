package dev.gmac.api;

import dev.gmac.gpu.cfg.ParamAccess;
import dev.gmac.gpu.ptx.KernelSignature;
import dev.gmac.gpu.ptx.ParamDecl;
import dev.gmac.gpu.ptx.PtxModule;
import java.util.List;

/**
 * A kernel ({@code .entry}) of a loaded PTX module, ready for {@link Adsm#adsmCall}: its parameters (named as
 * in the CUDA source where it could be found, else as in the PTX), and what a dataflow analysis of its code
 * proves about them ({@link #access()}: which pointers it only reads through, ADSM paper §4.3).
 */
public final class PtxKernel {
    private final PtxModule module;
    private final KernelSignature signature;
    private final List<String> names;
    private volatile ParamAccess access;

    PtxKernel(PtxModule module, KernelSignature signature, List<String> cudaNames) {
        this.module = module;
        this.signature = signature;
        this.names = cudaNames != null
                ? List.copyOf(cudaNames)
                : signature.params().stream().map(ParamDecl::name).toList();
    }

    /**
     * The name of parameter {@code index}: the CUDA source's name when the source was found (see {@link
     * Adsm#kernel(java.nio.file.Path, String)}), else the PTX's ({@code kernel_param_N} for nvcc output).
     */
    public String paramName(int index) {
        return names.get(index);
    }

    /**
     * Which pointer parameters the kernel dereferences, stores through, or only loads through (computed once;
     * a benign race may compute it twice).
     */
    public ParamAccess access() {
        ParamAccess result = access;
        if (result == null) {
            result = ParamAccess.analyze(module.program(), signature.name());
            access = result;
        }
        return result;
    }

    public String name() {
        return signature.name();
    }

    /** The declared {@code .param}s, in order: what {@code adsmCall}'s arguments are checked against. */
    public List<ParamDecl> params() {
        return signature.params();
    }

    public KernelSignature signature() {
        return signature;
    }

    PtxModule module() {
        return module;
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder(name()).append('(');
        for (int i = 0; i < params().size(); i++) {
            text.append(i == 0 ? "." : ", .").append(params().get(i).type().ptxName());
            if (!names.get(i).equals(params().get(i).name())) {
                text.append(' ').append(names.get(i));
            }
        }
        return text.append(')').toString();
    }
}
