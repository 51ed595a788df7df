package dev.gmac.samples.tmstudy;

/**
 * A workload of the TM study (Fung thesis §4.3 and §6.6, Tables 4.2 and 6.2), in a transactional and a
 * fine-grained-lock version (our own CUDA in {@code samples/src/main/cuda/tm_*.cu}). An {@link Instance} holds
 * generated inputs and runs them on a {@link TmMachine} under a mode: a TM model's name (the transactional
 * kernel; {@code cgl} runs it under one global lock), or {@value #FGL} (the lock-based kernel, no TM). Every run
 * checks its results and throws {@link WorkloadException} when they are wrong.
 */
public interface TmWorkload {
    /** The mode that runs the fine-grained-lock version. */
    String FGL = "fgl";

    /** The thesis's abbreviation, e.g. {@code HT-H}. */
    String name();

    /** One line on what it does. */
    String description();

    /** Inputs at {@code scale}, generated deterministically from {@code seed}. */
    Instance instance(TmScale scale, long seed);

    /** Generated inputs of a workload. */
    interface Instance {
        /** The input size, in words (e.g. "23040 inserts into 8000 buckets"). */
        String size();

        /** Runs once on {@code machine} in {@code mode}; throws {@link WorkloadException} on a wrong result. */
        void run(TmMachine machine, String mode);

        /**
         * Dynamic transactions one run commits when that does not depend on timing (for example 23040 for HT at
         * full scale, as the thesis's Table 4.3 lists), else -1.
         */
        long expectedCommits();
    }
}
