package dev.gmac.gpu.timing;

import dev.gmac.gpu.GpuException;

/**
 * A kernel the timing model cannot run: a CTA that needs more than one core holds, a seam contract violation
 * by the functional model, or warps that can never issue again (a timing deadlock). The message names the
 * kernel, the preset and what to change.
 */
public final class TimingException extends GpuException {
    private static final long serialVersionUID = 1L;

    public TimingException(String message) {
        super(message);
    }
}
