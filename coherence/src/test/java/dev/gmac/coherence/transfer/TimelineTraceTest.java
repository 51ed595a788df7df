package dev.gmac.coherence.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A timeline's recorded events replay to the same figures, and a replay with another host compute moves the
 * events with the host's work (decision 0122: every version of a program is charged the same host work).
 */
class TimelineTraceTest {
    private static final TransferCostModel BUS = TransferCostModel.pcie2x16();

    private static ExecutionTimeline timeline() {
        return new ExecutionTimeline(new TransferCounters(BUS), new HostCosts(5e-6, 5e-6));
    }

    /** A host program: compute, evictions while computing, a call that needs them, a kernel, a fetch. */
    private static ExecutionTimeline program(long hostNanosPerPhase) {
        ExecutionTimeline t = timeline();
        HostWork.burnCpu(hostNanosPerPhase / 2);
        t.enter();
        t.eviction(1, 400_000);
        t.exit();
        HostWork.burnCpu(hostNanosPerPhase / 2);
        t.enter();
        t.awaitEvictions();
        t.synchronous(Direction.TO_ACCELERATOR, 100_000);
        double start = t.launched();
        t.kernelEnded(start, 2e-3);
        t.exit();
        HostWork.burnCpu(hostNanosPerPhase);
        t.enter();
        t.transferStarts();
        t.synchronous(Direction.TO_HOST, 200_000);
        t.exit();
        return t;
    }

    @Test
    void aReplayWithItsOwnHostComputeGivesTheSnapshot() {
        ExecutionTimeline t = program(3_000_000L);
        TimelineTrace trace = t.trace();
        TimelineSnapshot live = t.snapshot();
        assertTrue(trace.complete());
        assertEquals(2, trace.phases(), "one launch: host work before and after it");
        TimelineSnapshot replayed = trace.replay(trace.hostByPhase());
        assertEquals(live.endToEnd(), replayed.endToEnd(), 1e-12);
        assertEquals(live.cpu(), replayed.cpu(), 1e-12);
        assertEquals(live.copy(), replayed.copy(), 1e-12);
        assertEquals(live.signal(), replayed.signal(), 1e-12);
        assertEquals(live.gpuWait(), replayed.gpuWait(), 1e-12);
        assertEquals(live.kernels(), replayed.kernels(), 1e-12);
        assertEquals(live.evictionsOverlapped(), replayed.evictionsOverlapped(), 1e-12);
        assertEquals(live.toAccelerator(), replayed.toAccelerator(), 1e-12);
    }

    /**
     * With no host compute the eviction no longer overlaps anything: the call waits for all of it; the modelled
     * parts (transfers, launch, kernel) are unchanged, and the end-to-end time drops by less than the host compute
     * removed, because the eviction that hid behind it is now waited for.
     */
    @Test
    void aReplayWithoutHostComputeWaitsForTheEvictionItHidBefore() {
        ExecutionTimeline t = program(3_000_000L);
        TimelineTrace trace = t.trace();
        TimelineSnapshot live = t.snapshot();
        TimelineSnapshot bare = trace.replay(new double[trace.phases()]);
        double eviction = BUS.seconds(Direction.TO_ACCELERATOR, 400_000);
        assertEquals(0, bare.cpu(), 0);
        assertEquals(0, bare.evictionsOverlapped(), 1e-12, "nothing to overlap");
        assertTrue(live.evictionsOverlapped() > 0, "the live run overlapped the eviction: " + live);
        assertEquals(live.toAccelerator(), bare.toAccelerator(), 1e-12);
        assertEquals(live.kernels(), bare.kernels(), 1e-12);
        assertTrue(bare.copy() >= eviction, "the call waited for the whole eviction: " + bare);
        assertTrue(bare.endToEnd() > live.endToEnd() - live.cpu(), bare + " vs " + live);
    }

    @Test
    void theBaselineIsTheFastestHostWorkOfEachPhaseAndReplaysEveryRunWithIt() {
        TimelineTrace slow = program(8_000_000L).trace();
        TimelineTrace fast = program(2_000_000L).trace();
        HostWorkBaseline baseline =
                HostWorkBaseline.fastest(List.of(List.of(slow), List.of(fast))).orElseThrow();
        for (int p = 0; p < 2; p++) {
            assertEquals(Math.min(slow.hostByPhase()[p], fast.hostByPhase()[p]), baseline.hostSeconds(0, p), 0);
        }
        TimelineSnapshot slowReplayed = baseline.replay(List.of(slow));
        TimelineSnapshot fastReplayed = baseline.replay(List.of(fast));
        assertEquals(fastReplayed.cpu(), slowReplayed.cpu(), 1e-12);
        assertEquals(fastReplayed.endToEnd(), slowReplayed.endToEnd(), 1e-5, "same events, same host work");
        assertTrue(slowReplayed.endToEnd() < slow.replay(slow.hostByPhase()).endToEnd());
    }

    @Test
    void runsOfDifferentShapesHaveNoCommonBaseline() {
        TimelineTrace two = program(1_000_000L).trace();
        ExecutionTimeline other = timeline();
        other.enter();
        other.synchronous(Direction.TO_ACCELERATOR, 4);
        other.exit();
        TimelineTrace one = other.trace();
        assertEquals(1, one.phases());
        assertTrue(HostWorkBaseline.fastest(List.of(List.of(two), List.of(one))).isEmpty());
        assertTrue(HostWorkBaseline.fastest(List.of(List.of(two), List.of(two, two)))
                .isEmpty());
        assertTrue(HostWorkBaseline.fastest(List.of()).isEmpty());
        assertThrows(IllegalArgumentException.class, () -> two.replay(new double[1]));
    }

    @Test
    void aTraceThatOverflowedIsNotReplayable() {
        ExecutionTimeline t = timeline();
        for (int i = 0; i <= TimelineTrace.MAX_EVENTS; i++) {
            t.awaitEvictions();
        }
        TimelineTrace trace = t.trace();
        assertFalse(trace.complete());
        assertEquals(TimelineTrace.MAX_EVENTS, trace.events());
        assertThrows(IllegalStateException.class, () -> trace.replay(trace.hostByPhase()));
        assertTrue(HostWorkBaseline.fastest(List.of(List.of(trace))).isEmpty());
        assertFalse(TimelineTrace.incomplete().complete());
    }

    @Test
    void aResetStartsANewTrace() {
        ExecutionTimeline t = program(1_000_000L);
        t.reset();
        assertEquals(0, t.trace().events());
        assertEquals(1, t.trace().phases());
    }
}
