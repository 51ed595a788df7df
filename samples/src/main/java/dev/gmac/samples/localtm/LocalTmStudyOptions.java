package dev.gmac.samples.localtm;

import java.util.List;

/**
 * What {@code gmac localtm-study} runs.
 *
 * @param preset      the timing preset (default {@code apu8}, as issue 19 asks; its LDS latency is the paper's
 *     simulator's, Multi2Sim 4.2; decision 0357)
 * @param workloads   the workloads
 * @param contentions the inputs
 * @param versions    the versions; the serialised one is always run (speedups are relative to it)
 * @param groups      work-groups per launch (1 as in the paper)
 * @param jobs        runs at once
 */
public record LocalTmStudyOptions(
        String preset,
        List<LocalTmWorkload> workloads,
        List<Contention> contentions,
        List<Version> versions,
        int groups,
        int jobs) {
    /** The study's preset: apu8, whose LDS latency is the paper's simulator's (decision 0357). */
    public static final String PRESET = "apu8";

    /** Checks the lists are not empty and puts the serialised version first. */
    public LocalTmStudyOptions {
        if (workloads.isEmpty() || contentions.isEmpty()) {
            throw new IllegalArgumentException("the study needs at least one workload and one contention level");
        }
        if (groups < 1 || groups > 1024) {
            throw new IllegalArgumentException("--groups must be from 1 to 1024, not " + groups);
        }
        java.util.LinkedHashSet<Version> v = new java.util.LinkedHashSet<>();
        v.add(Version.SERIAL);
        v.addAll(versions);
        versions = List.copyOf(v);
        workloads = List.copyOf(workloads);
        contentions = List.copyOf(contentions);
    }
}
