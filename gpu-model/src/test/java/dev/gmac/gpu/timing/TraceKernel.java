package dev.gmac.gpu.timing;

import dev.gmac.gpu.exec.IssueClass;
import dev.gmac.gpu.exec.IssueRecord;
import java.util.ArrayList;
import java.util.List;

/**
 * A synthetic functional model for timing tests: every warp runs the same straight-line program a fixed number
 * of times and then exits. Each {@link Op} names its class, registers, access size and a lane-address function,
 * so microbenchmark patterns (pointer chases, streams, strided shared accesses, dependent chains) can be driven
 * through the real {@link WarpExecutor} seam without a PTX front end. A {@link IssueClass#BARRIER} op is a CTA
 * barrier with the functional model's rule: a warp waits until every live warp of its CTA has arrived; the last
 * arrival wakes them all (itself included) through the {@link WarpWaker}.
 */
final class TraceKernel implements WarpExecutor {
    /** The address lane {@code lane} of warp {@code warp} of CTA {@code cta} accesses in iteration {@code iter}. */
    interface Address {
        long of(int cta, int warp, int lane, int iter);
    }

    /** The lanes active in an instruction (bit i = lane i), given the warp's existing lanes. */
    interface Mask {
        long of(int cta, int warp, int iter, long existing);
    }

    /** One instruction of the program. */
    static final class Op {
        final IssueClass cls;
        final int[] dests;
        final int[] sources;
        int bytes = 4;
        boolean load;
        boolean store;
        Address address = (c, w, l, i) -> 0;
        Mask mask = (c, w, i, existing) -> existing;

        Op(IssueClass cls, int[] dests, int[] sources) {
            this.cls = cls;
            this.dests = dests;
            this.sources = sources;
        }

        static Op alu(int dest, int... sources) {
            return new Op(IssueClass.ALU, new int[] {dest}, sources);
        }

        static Op load(IssueClass cls, int dest, int addressRegister, Address a) {
            Op op = new Op(cls, new int[] {dest}, addressRegister < 0 ? new int[0] : new int[] {addressRegister});
            op.load = true;
            op.address = a;
            return op;
        }

        static Op store(IssueClass cls, int valueRegister, Address a) {
            Op op = new Op(cls, new int[0], new int[] {valueRegister});
            op.store = true;
            op.address = a;
            return op;
        }

        Op bytes(int b) {
            this.bytes = b;
            return this;
        }

        Op mask(Mask m) {
            this.mask = m;
            return this;
        }
    }

    private final List<Op> program;
    private final int iterations;
    private final int warpSize;
    private final int threadsPerCta;
    private final int[][] pc;
    private final int[][] iter;
    private final int[] ctaOf;
    private long executedWarpInstructions;
    private long executedThreadInstructions;
    private final List<Integer> startOrder = new ArrayList<>();
    private final List<Integer> issueOrder = new ArrayList<>();
    private boolean recordIssueOrder;
    private WarpWaker waker;
    private final int[] arrived;
    private final int[] live;
    private final boolean[][] waiting;

    TraceKernel(List<Op> program, int iterations, int warpSize, int threadsPerCta, int ctaSlots) {
        this.program = program;
        this.iterations = iterations;
        this.warpSize = warpSize;
        this.threadsPerCta = threadsPerCta;
        int warps = (threadsPerCta + warpSize - 1) / warpSize;
        this.pc = new int[ctaSlots][warps];
        this.iter = new int[ctaSlots][warps];
        this.ctaOf = new int[ctaSlots];
        this.arrived = new int[ctaSlots];
        this.live = new int[ctaSlots];
        this.waiting = new boolean[ctaSlots][warps];
    }

    @Override
    public void onWake(WarpWaker w) {
        this.waker = w;
    }

    /** Records the (cta * 1000 + warp) of every issued instruction. */
    TraceKernel recordIssueOrder() {
        this.recordIssueOrder = true;
        return this;
    }

    @Override
    public void startCta(int ctaId, int ctaSlot) {
        ctaOf[ctaSlot] = ctaId;
        java.util.Arrays.fill(pc[ctaSlot], 0);
        java.util.Arrays.fill(iter[ctaSlot], 0);
        java.util.Arrays.fill(waiting[ctaSlot], false);
        arrived[ctaSlot] = 0;
        live[ctaSlot] = pc[ctaSlot].length;
        startOrder.add(ctaId);
    }

    @Override
    public void decode(int ctaSlot, int warp, IssueRecord out) {
        if (iter[ctaSlot][warp] >= iterations) {
            out.decoded(program.size(), IssueClass.EXIT);
            return;
        }
        int p = pc[ctaSlot][warp];
        Op op = program.get(p);
        out.decoded(p, op.cls);
        for (int d : op.dests) {
            out.addDestination(d);
        }
        for (int s : op.sources) {
            out.addSource(s);
        }
        if (op.load || op.store) {
            out.memoryAccess(op.bytes, op.load, op.store);
        }
    }

    private long existingLanes(int warp) {
        int first = warp * warpSize;
        int n = Math.min(warpSize, threadsPerCta - first);
        return n >= 64 ? -1L : (1L << n) - 1;
    }

    @Override
    public void execute(int ctaSlot, int warp, IssueRecord inOut) {
        int cta = ctaOf[ctaSlot];
        long existing = existingLanes(warp);
        if (recordIssueOrder) {
            issueOrder.add(cta * 1000 + warp);
        }
        if (iter[ctaSlot][warp] >= iterations) {
            inOut.activeMask(existing);
            inOut.warpExited();
            countIssue(existing);
            live[ctaSlot]--;
            if (arrived[ctaSlot] > 0 && arrived[ctaSlot] == live[ctaSlot]) {
                release(ctaSlot);
            }
            return;
        }
        int p = pc[ctaSlot][warp];
        Op op = program.get(p);
        int it = iter[ctaSlot][warp];
        long mask = op.mask.of(cta, warp, it, existing);
        inOut.activeMask(mask);
        if (op.load || op.store) {
            long m = mask;
            while (m != 0) {
                int lane = Long.numberOfTrailingZeros(m);
                m &= m - 1;
                inOut.laneAddress(lane, op.address.of(cta, warp, lane, it));
            }
        }
        countIssue(mask);
        if (op.cls == IssueClass.BARRIER) {
            waiting[ctaSlot][warp] = true;
            arrived[ctaSlot]++;
            if (arrived[ctaSlot] == live[ctaSlot]) {
                release(ctaSlot);
            } else {
                inOut.slotWaits(true);
            }
        }
        if (p + 1 == program.size()) {
            pc[ctaSlot][warp] = 0;
            iter[ctaSlot][warp] = it + 1;
        } else {
            pc[ctaSlot][warp] = p + 1;
        }
    }

    private void release(int ctaSlot) {
        arrived[ctaSlot] = 0;
        for (int w = 0; w < waiting[ctaSlot].length; w++) {
            if (waiting[ctaSlot][w]) {
                waiting[ctaSlot][w] = false;
                waker.wake(ctaSlot, w, true);
            }
        }
    }

    private void countIssue(long mask) {
        executedWarpInstructions++;
        executedThreadInstructions += Long.bitCount(mask);
    }

    @Override
    public void finishCta(int ctaSlot) {}

    long warpInstructions() {
        return executedWarpInstructions;
    }

    long threadInstructions() {
        return executedThreadInstructions;
    }

    List<Integer> startOrder() {
        return startOrder;
    }

    List<Integer> issueOrder() {
        return issueOrder;
    }
}
