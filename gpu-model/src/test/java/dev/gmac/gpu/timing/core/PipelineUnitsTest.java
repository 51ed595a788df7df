package dev.gmac.gpu.timing.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.gmac.gpu.exec.IssueClass;
import dev.gmac.gpu.exec.IssueRecord;
import dev.gmac.gpu.timing.TimingException;
import dev.gmac.gpu.timing.config.PipelineConfig;
import org.junit.jupiter.api.Test;

/** SIMD-width occupancy of the pipelines, the scoreboard and the instruction buffer. */
class PipelineUnitsTest {
    @Test
    void aWarpWiderThanTheDatapathOccupiesItForSeveralCycles() {
        PipelinePool p = new PipelinePool(new PipelineConfig(1, 8, 24), 32);
        assertEquals(4, p.initiationInterval(), "32 lanes on 8: 4 cycles");
        assertEquals(10 + 24, p.issue(10), "the result is ready 24 cycles after issue");
        assertEquals(14, p.earliestFree());
        PipelinePool two = new PipelinePool(new PipelineConfig(2, 16, 18), 32);
        two.issue(0);
        assertEquals(0, two.earliestFree(), "the second unit is still free");
        two.issue(0);
        assertEquals(2, two.earliestFree());
        assertEquals(4, new PipelinePool(new PipelineConfig(4, 16, 4), 64).initiationInterval(), "64 on 16");
    }

    @Test
    void scoreboardTracksReadAfterWriteWriteAfterWriteAndPendingLoads() {
        Scoreboard sb = new Scoreboard(16);
        IssueRecord add = new IssueRecord(32).decoded(0, IssueClass.ALU);
        add.addDestination(8).addSource(6).addSource(7);
        assertEquals(0, sb.readyTime(add));
        sb.markPending(7); // ld r7, [r0] in flight
        assertEquals(Scoreboard.PENDING, sb.readyTime(add), "RAW on r7");
        IssueRecord mov = new IssueRecord(32).decoded(1, IssueClass.ALU);
        mov.addDestination(7);
        assertEquals(Scoreboard.PENDING, sb.readyTime(mov), "WAW on r7");
        IssueRecord other = new IssueRecord(32).decoded(2, IssueClass.ALU);
        other.addDestination(9).addSource(1);
        assertEquals(0, sb.readyTime(other), "an independent instruction is ready");
        assertEquals(1, sb.pendingCount());
        sb.markReady(7, 500);
        assertEquals(500, sb.readyTime(add));
        assertEquals(500, sb.allReadyTime());
        assertEquals(0, sb.pendingCount());
        sb.reset(16);
        assertEquals(0, sb.readyTime(add));
    }

    @Test
    void compactedWarpsWaitOnlyForLoadsToTheirOwnLanes() {
        // two compacted warps hold lanes 0-15 and 16-31 of one static warp (Fung thesis Figure 3.7: threads keep
        // their home lanes); each loads r7 and then adds r7 into r8
        Scoreboard sb = new Scoreboard(16);
        long low = 0xFFFFL;
        long high = 0xFFFF0000L;
        IssueRecord load = new IssueRecord(32).decoded(0, IssueClass.MEM_GLOBAL);
        load.addDestination(7).addSource(0);
        IssueRecord add = new IssueRecord(32).decoded(1, IssueClass.ALU);
        add.addDestination(8).addSource(7);
        sb.markPending(7, low); // the first compacted warp's load is in flight
        assertEquals(Scoreboard.PENDING, sb.readyTime(add), "the whole static warp waits (pdom's check)");
        assertEquals(Scoreboard.PENDING, sb.readyTime(add, low), "RAW in the loading lanes");
        assertEquals(0, sb.readyTime(load, high), "no WAW hazard with a load to other lanes");
        sb.markPending(7, high); // the second compacted warp's load
        assertEquals(Scoreboard.PENDING, sb.pendingIn(high));
        assertEquals(0, sb.pendingIn(0xFFL << 40), "no load to lanes 40-47");
        sb.markReady(7, low, 400); // the first load returns
        assertEquals(400, sb.readyTime(add, low), "its lanes are ready");
        assertEquals(Scoreboard.PENDING, sb.readyTime(add, high), "the second load has not returned");
        assertEquals(Scoreboard.PENDING, sb.readyTime(add), "nor for the whole warp");
        assertEquals(1, sb.pendingCount());
        sb.markReady(7, high, 450);
        assertEquals(450, sb.readyTime(add), "ready at the later of the two loads");
        assertEquals(0, sb.pendingCount());
        sb.markReady(8, low, 470); // an ALU write of one group
        sb.markReady(8, high, 460); // and an earlier-ready one of the other
        IssueRecord use = new IssueRecord(32).decoded(2, IssueClass.ALU);
        use.addSource(8);
        assertEquals(460, sb.readyTime(use, high), "a group waits for its own fixed-latency result");
        assertEquals(470, sb.readyTime(use, low), "and the other for its own");
        assertEquals(470, sb.readyTime(use), "the whole warp for both");
    }

    @Test
    void twoCompactedWarpsRunningOneDependentChainDoNotWaitForEachOther() {
        // decision 0338: compacted warps 0 and 2 of a halo load both hold lanes of static warp 2 (thesis Figure
        // 3.7) and run r8 = r8 + 1 four times, issuing one cycle apart with an 18-cycle ALU; each step of each
        // chain is ready 18 cycles after its own previous step, as in two independent warps
        Scoreboard sb = new Scoreboard(16);
        long a = 0xF0L;
        long b = 0x0FL;
        IssueRecord inc = new IssueRecord(32).decoded(0, IssueClass.ALU);
        inc.addDestination(8).addSource(8);
        long issueA = 0;
        long issueB = 1;
        for (int step = 0; step < 4; step++) {
            if (step > 0) {
                issueA = sb.readyTime(inc, a);
                issueB = Math.max(issueA + 1, sb.readyTime(inc, b));
            }
            sb.markReady(8, a, issueA + 18);
            sb.markReady(8, b, issueB + 18);
        }
        assertEquals(3 * 18, issueA, "group a's fourth step issues 54 cycles after its first (not 108)");
        assertEquals(1 + 3 * 18, issueB, "group b's too");
        assertEquals(issueB + 18, sb.readyTime(inc), "the whole warp waits for both chains");
    }

    @Test
    void registerIdsOutsideTheDeclaredSlotsAreASeamError() {
        Scoreboard sb = new Scoreboard(4);
        IssueRecord bad = new IssueRecord(32).decoded(42, IssueClass.ALU);
        bad.addSource(4);
        TimingException e = assertThrows(TimingException.class, () -> sb.readyTime(bad));
        assertEquals(
                "register id 4 of the instruction at pc 42 is outside the kernel's 4 register slots"
                        + " (KernelResources.registerSlots)",
                e.getMessage());
    }

    @Test
    void instructionBufferRefillsWithFetchLatencyAndEmptiesOnBranches() {
        InstructionBuffer b = new InstructionBuffer(2, 4);
        b.restart(0);
        assertEquals(4, b.headReady(), "first fetch takes the fetch latency");
        b.issued(4);
        assertEquals(5, b.headReady(), "the second entry was fetched too");
        b.issued(5);
        assertEquals(8, b.headReady(), "two entries per four cycles");
        b.issued(8);
        assertEquals(9, b.headReady());
        b.restart(20);
        assertEquals(24, b.headReady(), "a branch empties the buffer");
        InstructionBuffer one = new InstructionBuffer(1, 1);
        one.restart(0);
        one.issued(1);
        assertEquals(2, one.headReady(), "back to back with latency 1");
    }
}
