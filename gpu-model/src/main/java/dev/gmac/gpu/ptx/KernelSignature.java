package dev.gmac.gpu.ptx;

import java.util.List;

/**
 * A kernel ({@code .entry}) as declared: its name, its parameters in order and the PTX line of its header.
 *
 * @param name the (mangled) entry name
 * @param params the parameters in declaration order
 * @param line the 1-based PTX line of the {@code .entry} directive
 */
public record KernelSignature(String name, List<ParamDecl> params, int line) {
    /** Makes the parameter list unmodifiable. */
    public KernelSignature {
        params = List.copyOf(params);
    }
}
