package dev.gmac.coherence.transfer;

/**
 * What the host side of an accelerated program costs besides transfers, for the modelled end-to-end time
 * ({@link ExecutionTimeline}): the fixed overheads of the paper's Figure 10 categories "Signal" and "Launch"
 * (ADSM paper, Gelado et al., ASPLOS 2010, §5.1). Seconds.
 *
 * <h2>The defaults ({@link #gt200Era()})</h2>
 *
 * <ul>
 *   <li><b>Fault 5 µs.</b> GMAC detects accesses with {@code mprotect} and SIGSEGV (§4.3): a protection fault,
 *       signal delivery to a user handler, the handler's state change, an {@code mprotect} call and the return.
 *       A minor page fault alone (kernel entry, page-table walk, return) measures about 1 µs median and up to 4
 *       µs at the 95th percentile on a current 3.2 GHz core (ddumbying.vercel.app, "Page fault latency
 *       measurement"); the signal round trip and the extra system call of the GMAC path, on the paper's 3 GHz
 *       Opteron 2222 of 2009, make several microseconds. 5 µs is our assumption; the paper only bounds the
 *       total ("always below 2% of the total execution time", §5.1). Measured on the development machine
 *       (2026-11-29, Linux 6.18, a virtual machine): the whole GMAC path, a store to a read-only page, SIGSEGV to
 *       a handler that calls {@code mprotect}, the retried store, costs 4.0 to 4.1 µs
 *       ({@code scripts/fault-cost.c}, mean over 200,000 faults, five rounds). Our own detection costs
 *       tens of nanoseconds per fault on this machine (docs/performance.md), which the measured host time
 *       includes.
 *   <li><b>Launch 5 µs</b> per kernel call: the host-side cost of {@code cudaLaunch} on G80/GT200 with the CUDA
 *       2.x runtime, which Volkov and Demmel measured at 3-7 µs (V. Volkov and J. W. Demmel, "Benchmarking GPUs
 *       to tune dense linear algebra", SC 2008, §3).
 * </ul>
 *
 * @param faultSeconds host time one access fault costs (Figure 10's "Signal")
 * @param launchSeconds host time one kernel launch costs (Figure 10's "Launch")
 */
public record HostCosts(double faultSeconds, double launchSeconds) {

    public HostCosts {
        if (!(faultSeconds >= 0) || !(launchSeconds >= 0)) {
            throw new IllegalArgumentException("host costs must be >= 0 seconds");
        }
    }

    /** 5 µs per fault, 5 µs per launch (see above). */
    public static HostCosts gt200Era() {
        return new HostCosts(5e-6, 5e-6);
    }
}
