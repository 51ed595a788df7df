package dev.gmac.samples.divergence;

/**
 * One workload of the divergence study (Fung thesis §3.5, Table 3.1): our own CUDA kernel shaped like one of the
 * thesis's benchmarks, its inputs (generated from a seed) and a plain Java reference of its outputs. {@link #run}
 * uploads the inputs, runs the host program's launches on a {@link StudyDevice} and checks every output.
 */
public interface DivergenceWorkload {
    /** The abbreviation the study prints (the thesis's, e.g. {@code BFS2}, {@code NVRT}). */
    String name();

    /** What the workload computes and which thesis benchmark it stands for, one line. */
    String description();

    /** Divergent or coherent. */
    WorkloadSet set();

    /** Runs the workload on {@code device} with inputs of {@code size} from {@code seed} and checks its outputs. */
    Verdict run(StudyDevice device, InputSize size, long seed);

    /**
     * True when the kernel relies on the threads of a static warp running in lockstep (warp-synchronous code, as
     * NVRT's manager thread does): dynamic warp formation without the warp barrier breaks it (thesis §3.2).
     */
    default boolean warpSynchronous() {
        return false;
    }
}
