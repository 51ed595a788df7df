package dev.gmac.coherence.transfer;

/** Host compute for the timeline tests: CPU time spent on purpose. */
final class HostWork {
    private HostWork() {}

    /** Spends at least {@code nanos} of this thread's CPU time. */
    static void burnCpu(long nanos) {
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long end = threads.getCurrentThreadCpuTime() + nanos;
        long x = 1;
        while (threads.getCurrentThreadCpuTime() < end) {
            for (int i = 0; i < 1000; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
        }
        if (x == 42) {
            System.out.println(x); // keeps the loop
        }
    }
}
