package dev.gmac.coherence.transfer;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * The host work of one program, charged the same in every version of it (decision 0122). In the system the ADSM
 * paper measures (Gelado et al., ASPLOS 2010, §5, Figure 7), the CUDA version and the GMAC versions under each
 * protocol run the same host code natively: GMAC detects accesses with the MMU, so a protocol adds faults,
 * signals and transfers (modelled here) but no cost per access. The software stand-in for the MMU does cost per
 * access (the window check of decision 0100, the JIT's shape of a loop that has seen faults, decision 0104), and a
 * run's measured host compute also carries the machine's noise. So a study that compares versions of one program
 * takes, for each phase of host work (before the first launch, between launches, after the last), the fastest
 * measured figure over every run of every version, and {@link #replay replays} each run's {@link TimelineTrace}
 * with it: the versions then differ only in what the protocols do.
 *
 * <p>Runs are of the same program when they have the same number of contexts and each context the same number of
 * phases; {@link #fastest} returns nothing otherwise, and the caller keeps the measured figures.
 */
public final class HostWorkBaseline {
    private final List<double[]> perContext;

    private HostWorkBaseline(List<double[]> perContext) {
        this.perContext = perContext;
    }

    /**
     * The fastest measured host compute of each phase of each context over {@code runs} (each run: its contexts'
     * traces, in the same order in every run). Empty if there is no run, a trace is not {@link
     * TimelineTrace#complete() complete}, or the runs do not have the same shape.
     */
    public static Optional<HostWorkBaseline> fastest(Collection<List<TimelineTrace>> runs) {
        List<double[]> fastest = null;
        for (List<TimelineTrace> run : runs) {
            List<double[]> hosts = new ArrayList<>();
            for (TimelineTrace t : run) {
                if (!t.complete()) {
                    return Optional.empty();
                }
                hosts.add(t.hostByPhase());
            }
            if (fastest == null) {
                fastest = hosts;
                continue;
            }
            if (hosts.size() != fastest.size()) {
                return Optional.empty();
            }
            for (int c = 0; c < hosts.size(); c++) {
                double[] host = hosts.get(c);
                double[] best = fastest.get(c);
                if (host.length != best.length) {
                    return Optional.empty();
                }
                for (int p = 0; p < host.length; p++) {
                    best[p] = Math.min(best[p], host[p]);
                }
            }
        }
        return fastest == null ? Optional.empty() : Optional.of(new HostWorkBaseline(List.copyOf(fastest)));
    }

    /** The host compute this baseline charges for phase {@code phase} of context {@code context}, in seconds. */
    public double hostSeconds(int context, int phase) {
        return perContext.get(context)[phase];
    }

    /**
     * {@code run}'s timeline with this baseline's host compute (contexts side by side, as {@link
     * TimelineSnapshot#plus}).
     *
     * @throws IllegalArgumentException if {@code run} is not of this program's shape
     */
    public TimelineSnapshot replay(List<TimelineTrace> run) {
        if (run.size() != perContext.size()) {
            throw new IllegalArgumentException(
                    "the run has " + run.size() + " contexts, the baseline " + perContext.size());
        }
        TimelineSnapshot sum = TimelineSnapshot.ZERO;
        for (int c = 0; c < run.size(); c++) {
            sum = sum.plus(run.get(c).replay(perContext.get(c)));
        }
        return sum;
    }
}
