package dev.gmac.gpu.exec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The post-dominator (PDOM) reconvergence stack of pre-Volta NVIDIA GPUs, exactly as Fung's thesis describes
 * it (§2.1.2, Fig 2.3) and the GPGPU architecture slides walk through (Part 1 "foo" example): entries of (PC,
 * reconvergence PC, active mask); at a divergent branch the top entry's PC becomes the branch's immediate
 * post-dominator (it is now the reconvergence entry) and one entry per path is pushed, the taken path first and
 * the fall-through path last (so the fall-through path runs first); an entry is popped when its PC reaches its
 * reconvergence PC.
 *
 * <p>Two standard refinements, as in GPGPU-Sim: a path whose target is the reconvergence PC itself gets no entry
 * (its lanes are already in the reconvergence entry), and when the top entry already reconverges at the
 * branch's post-dominator (a divergent branch inside a loop that exits to that point) the top entry is replaced
 * by the paths instead of becoming a second reconvergence entry for the same PC, so loops do not grow the
 * stack. Both leave the order and masks of executed instructions unchanged.
 *
 * <p>Storage is four parallel {@code int} arrays; no allocation per operation once grown.
 */
public final class PdomStack implements SimtStack {
    private static final int BASE = 0;
    private static final int PATH = 1;
    private static final int CALL = 2;

    private int[] pcs = new int[8];
    private int[] rpcs = new int[8];
    private int[] masks = new int[8];
    private int[] frames = new int[8];
    private int[] kinds = new int[8];
    private int top = -1;
    private int maxDepth;

    @Override
    public void reset(int entryPc, int mask) {
        top = -1;
        maxDepth = 0;
        push(entryPc, -1, mask, 0, BASE);
    }

    private void push(int pc, int rpc, int mask, int frame, int kind) {
        int t = ++top;
        if (t == pcs.length) {
            int n = pcs.length * 2;
            pcs = Arrays.copyOf(pcs, n);
            rpcs = Arrays.copyOf(rpcs, n);
            masks = Arrays.copyOf(masks, n);
            frames = Arrays.copyOf(frames, n);
            kinds = Arrays.copyOf(kinds, n);
        }
        pcs[t] = pc;
        rpcs[t] = rpc;
        masks[t] = mask;
        frames[t] = frame;
        kinds[t] = kind;
        if (t + 1 > maxDepth) {
            maxDepth = t + 1;
        }
    }

    @Override
    public boolean isEmpty() {
        return top < 0;
    }

    @Override
    public int pc() {
        return pcs[top];
    }

    @Override
    public int rpc() {
        return rpcs[top];
    }

    @Override
    public int activeMask() {
        return masks[top];
    }

    @Override
    public int frameDepth() {
        return frames[top];
    }

    @Override
    public Kind topKind() {
        switch (kinds[top]) {
            case BASE:
                return Kind.BASE;
            case CALL:
                return Kind.CALL;
            default:
                return Kind.PATH;
        }
    }

    @Override
    public void setPc(int pc) {
        pcs[top] = pc;
    }

    @Override
    public boolean branch(int takenMask, int target, int fallthroughPc, int reconvergencePc) {
        int t = top;
        int active = masks[t];
        int taken = takenMask & active;
        int notTaken = active & ~taken;
        if (notTaken == 0) {
            pcs[t] = target;
            return false;
        }
        if (taken == 0) {
            pcs[t] = fallthroughPc;
            return false;
        }
        int frame = frames[t];
        if (rpcs[t] == reconvergencePc && kinds[t] == PATH) {
            top--; // the entry below already waits at reconvergencePc: replace this path by its sub-paths
        } else {
            pcs[t] = reconvergencePc;
        }
        if (target != reconvergencePc) {
            push(target, reconvergencePc, taken, frame, PATH);
        }
        if (fallthroughPc != reconvergencePc) {
            push(fallthroughPc, reconvergencePc, notTaken, frame, PATH);
        }
        return true;
    }

    @Override
    public void call(int entryPc, int returnPc) {
        int t = top;
        pcs[t] = returnPc;
        push(entryPc, -1, masks[t], frames[t] + 1, CALL);
    }

    @Override
    public void ret() {
        if (kinds[top] != CALL) {
            throw new IllegalStateException("return without a call entry on top of the SIMT stack");
        }
        top--;
    }

    @Override
    public void exitLanes(int lanes) {
        for (int i = 0; i <= top; i++) {
            masks[i] &= ~lanes;
        }
    }

    @Override
    public void reconverge() {
        while (top >= 0 && (masks[top] == 0 || (pcs[top] == rpcs[top] && kinds[top] == PATH))) {
            top--;
        }
    }

    @Override
    public int depth() {
        return top + 1;
    }

    @Override
    public int maxDepth() {
        return maxDepth;
    }

    @Override
    public List<Entry> entries() {
        List<Entry> l = new ArrayList<>(top + 1);
        for (int i = 0; i <= top; i++) {
            Kind k = kinds[i] == BASE ? Kind.BASE : kinds[i] == CALL ? Kind.CALL : Kind.PATH;
            l.add(new Entry(pcs[i], rpcs[i], masks[i], frames[i], k));
        }
        return l;
    }
}
