package dev.gmac.coherence;

/**
 * The work of one kernel call, run on the accelerator thread after the release: {@code gmac-api} launches
 * a PTX kernel on the software GPU; tests run a Java function over device memory.
 */
@FunctionalInterface
public interface KernelTask {
    /** Runs the kernel to completion; an exception is a kernel failure, reported at the next sync. */
    void run() throws Exception;
}
