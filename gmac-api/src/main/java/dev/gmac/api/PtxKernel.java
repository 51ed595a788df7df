package dev.gmac.api;

import dev.gmac.gpu.ptx.KernelSignature;
import dev.gmac.gpu.ptx.ParamDecl;
import dev.gmac.gpu.ptx.PtxModule;
import java.util.List;

/** A kernel ({@code .entry}) of a loaded PTX module, ready for {@link Adsm#adsmCall}. */
public final class PtxKernel {
    private final PtxModule module;
    private final KernelSignature signature;

    PtxKernel(PtxModule module, KernelSignature signature) {
        this.module = module;
        this.signature = signature;
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
        }
        return text.append(')').toString();
    }
}
