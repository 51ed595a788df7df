package dev.gmac.coherence.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The timeline's model, event by event (ADSM paper §5's execution time): what the host waits for, and what
 * overlaps. Host compute is measured, so each expectation allows the little CPU time the test itself takes.
 */
class ExecutionTimelineTest {
    private static final double SLACK = 5e-3; // the test's own host compute between events
    private static final TransferCostModel BUS = TransferCostModel.pcie2x16();

    private static ExecutionTimeline timeline(HostCosts costs) {
        return new ExecutionTimeline(new TransferCounters(BUS), costs);
    }

    @Test
    void theHostWaitsForAKernelOnlyAsLongAsItIsStillRunning() {
        ExecutionTimeline timeline = timeline(new HostCosts(0, 5e-6));
        double start = timeline.launched();
        assertEquals(5e-6, start, SLACK, "the kernel starts after the launch cost");
        timeline.kernelEnded(start, 0.5);
        TimelineSnapshot t = timeline.snapshot();
        assertEquals(0.5, t.kernels(), 1e-12);
        assertEquals(0.5, t.gpuWait(), SLACK);
        assertEquals(start + 0.5, t.endToEnd(), SLACK);
    }

    @Test
    void evictionsRunBehindTheHostUntilACallNeedsThem() {
        ExecutionTimeline timeline = timeline(new HostCosts(0, 0));
        double one = BUS.seconds(Direction.TO_ACCELERATOR, 6000);
        timeline.eviction(1, 6000);
        timeline.eviction(1, 6000);
        TimelineSnapshot queued = timeline.snapshot();
        assertEquals(0, queued.copy(), 1e-12, "the host did not wait");
        assertEquals(2 * one, queued.toAccelerator(), 1e-12);
        timeline.awaitEvictions();
        TimelineSnapshot waited = timeline.snapshot();
        assertTrue(waited.copy() > 2 * one - SLACK && waited.copy() <= 2 * one, "waited " + waited.copy());
        assertEquals(2 * one - waited.copy(), waited.evictionsOverlapped(), 1e-9);
    }

    @Test
    void synchronousTransfersQueueBehindEvictionsOnTheSameEngineButNotTheOtherDirection() {
        ExecutionTimeline timeline = timeline(new HostCosts(0, 0));
        double eviction = BUS.seconds(Direction.TO_ACCELERATOR, 600_000);
        timeline.eviction(1, 600_000);
        timeline.synchronous(Direction.TO_HOST, 4);
        TimelineSnapshot fetched = timeline.snapshot();
        assertEquals(BUS.seconds(Direction.TO_HOST, 4), fetched.copy(), SLACK, "the fetch did not wait");
        timeline.synchronous(Direction.TO_ACCELERATOR, 4);
        TimelineSnapshot sent = timeline.snapshot();
        assertTrue(
                sent.copy() >= eviction + BUS.seconds(Direction.TO_ACCELERATOR, 4) - SLACK,
                "the send waited for the eviction: " + sent);
    }

    /**
     * The real copy of a synchronous transfer (this machine's memory copy, between {@code transferStarts} and
     * {@code synchronous}) is not host compute: the cost model gives the transfer's time. Host work before it is.
     */
    @Test
    void theRealCopyOfATransferIsNotHostCompute() {
        ExecutionTimeline timeline = timeline(new HostCosts(0, 0));
        HostWork.burnCpu(30_000_000L); // host compute
        timeline.transferStarts();
        HostWork.burnCpu(60_000_000L); // the "copy"
        timeline.synchronous(Direction.TO_HOST, 4);
        TimelineSnapshot t = timeline.snapshot();
        assertTrue(t.cpu() >= 0.030 && t.cpu() < 0.060, "host compute is the 30 ms before the transfer: " + t);
        assertEquals(BUS.seconds(Direction.TO_HOST, 4), t.copy(), 1e-12, t.toString());
    }

    /**
     * Runtime work that is not bracketed (an accessor's slow path, timed by {@link RuntimeWork}) is left out of
     * host compute and reported as bookkeeping (decision 0117). What is removed is what the work surely took: its
     * wall time less the interval's time off the CPU, since a preemption may have fallen inside it.
     */
    @Test
    void runtimeWorkIsRemovedOnlyAsFarAsItSurelyUsedTheCpu() {
        // 100 us of CPU in 100 us of wall, 30 of them runtime work: all 30 are the runtime's.
        assertEquals(30_000, ExecutionTimeline.runtimeCpu(100_000, 100_000, 30_000));
        // The thread was off the CPU for 20 us of the interval: perhaps inside the work, so only 10 surely count.
        assertEquals(10_000, ExecutionTimeline.runtimeCpu(100_000, 120_000, 30_000));
        assertEquals(0, ExecutionTimeline.runtimeCpu(100_000, 200_000, 30_000), "preempted longer than the work");
        assertEquals(0, ExecutionTimeline.runtimeCpu(100_000, 100_000, 0), "no runtime work");
        assertEquals(50_000, ExecutionTimeline.runtimeCpu(50_000, 50_000, 80_000), "never more than the CPU time");
    }

    /**
     * On the real clocks: 20 + 20 ms of host work around 40 ms of slow path. Host compute is never less than the
     * host's 40 ms (the removal is a lower bound of the slow path's CPU time, whatever the load), and host compute
     * and bookkeeping share the measured CPU time; bookkeeping takes no time on the timeline.
     */
    @Test
    void runtimeWorkBetweenMarksIsBookkeepingNotHostCompute() {
        ExecutionTimeline timeline = timeline(new HostCosts(0, 0));
        HostWork.burnCpu(20_000_000L);
        RuntimeWork work = RuntimeWork.current();
        work.begin();
        HostWork.burnCpu(40_000_000L); // a slow path
        work.end();
        HostWork.burnCpu(20_000_000L);
        timeline.enter();
        timeline.exit();
        TimelineSnapshot t = timeline.snapshot();
        assertTrue(t.cpu() >= 0.039, "host compute is at least the 40 ms outside the slow path: " + t);
        assertTrue(t.bookkeeping() <= 0.041, "bookkeeping is at most the slow path: " + t);
        assertTrue(t.cpu() + t.bookkeeping() >= 0.079, "the two share the measured CPU time: " + t);
        assertEquals(t.cpu(), t.endToEnd(), 1e-12, "bookkeeping takes no time on the timeline: " + t);
    }

    @Test
    void faultsCostWhatTheCountersCount() {
        TransferCounters counters = new TransferCounters(BUS);
        ExecutionTimeline timeline = new ExecutionTimeline(counters, new HostCosts(5e-6, 0));
        counters.writeFault();
        counters.readFault();
        counters.readFault();
        assertEquals(15e-6, timeline.snapshot().signal(), 1e-12, "pending faults count");
        timeline.enter();
        timeline.exit();
        assertEquals(15e-6, timeline.snapshot().signal(), 1e-12, "and are charged once");
        timeline.reset();
        assertEquals(0, timeline.snapshot().signal());
    }
}
