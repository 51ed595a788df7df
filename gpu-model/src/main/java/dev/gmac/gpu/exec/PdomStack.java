package dev.gmac.gpu.exec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The post-dominator (PDOM) reconvergence stack of one warp on pre-Volta NVIDIA GPUs, exactly as Fung's thesis
 * describes it (§2.1.2, Fig 2.3) and the GPGPU architecture slides walk through (Part 1 "foo" example): entries of
 * (PC, reconvergence PC, active mask); at a divergent branch the top entry's PC becomes the branch's immediate
 * post-dominator (it is now the reconvergence entry) and one entry per path is pushed, the taken path first and
 * the fall-through path last (so the fall-through path runs first); an entry is popped when its PC reaches its
 * reconvergence PC.
 *
 * <p>Two standard refinements, as in GPGPU-Sim: a path whose target is the reconvergence PC itself gets no entry
 * (its lanes are already in the reconvergence entry), and when the top entry already reconverges at the branch's
 * post-dominator (a divergent branch inside a loop that exits to that point) the top entry is replaced by the
 * paths instead of becoming a second reconvergence entry for the same PC, so loops do not grow the stack. Both
 * leave the order and masks of executed instructions unchanged.
 *
 * <p>Entry kinds beyond the thesis's N entries: {@link #CALL} for device-function calls (each records the register
 * frame its lanes run in) and the transactional entries of §4.2.1 (Fig 4.3): {@link #RETRY} (R, the lanes to
 * re-execute) below {@link #TX} (T, the lanes running the current attempt), both pointing at the {@link TxScope}.
 *
 * <p>Storage is parallel arrays; no allocation per operation once grown.
 */
public final class PdomStack {
    /** The warp's initial entry. */
    public static final int BASE = 0;
    /** A divergent path, or the reconvergence entry below divergent paths (the thesis's N entry). */
    public static final int PATH = 1;
    /** A device-function call. */
    public static final int CALL = 2;
    /** A transaction's retry entry (R). */
    public static final int RETRY = 3;
    /** A transaction's running entry (T). */
    public static final int TX = 4;

    private int[] pcs = new int[8];
    private int[] rpcs = new int[8];
    private long[] masks = new long[8];
    private int[] frames = new int[8];
    private int[] kinds = new int[8];
    private TxScope[] scopes = new TxScope[8];
    private int top = -1;
    private int maxDepth;

    /** Empties the stack and pushes the initial entry. */
    public void reset(int entryPc, long mask) {
        Arrays.fill(scopes, 0, Math.max(0, top + 1), null);
        top = -1;
        maxDepth = 0;
        push(entryPc, -1, mask, 0, BASE, null);
    }

    private void push(int pc, int rpc, long mask, int frame, int kind, TxScope scope) {
        int t = ++top;
        if (t == pcs.length) {
            int n = pcs.length * 2;
            pcs = Arrays.copyOf(pcs, n);
            rpcs = Arrays.copyOf(rpcs, n);
            masks = Arrays.copyOf(masks, n);
            frames = Arrays.copyOf(frames, n);
            kinds = Arrays.copyOf(kinds, n);
            scopes = Arrays.copyOf(scopes, n);
        }
        pcs[t] = pc;
        rpcs[t] = rpc;
        masks[t] = mask;
        frames[t] = frame;
        kinds[t] = kind;
        scopes[t] = scope;
        if (t + 1 > maxDepth) {
            maxDepth = t + 1;
        }
    }

    private void pop() {
        scopes[top] = null;
        top--;
    }

    /** True when no entry is left (every lane finished). */
    public boolean isEmpty() {
        return top < 0;
    }

    /** PC of the top entry. */
    public int pc() {
        return pcs[top];
    }

    /** Reconvergence PC of the top entry (-1 for none). */
    public int rpc() {
        return rpcs[top];
    }

    /** Active mask of the top entry. */
    public long activeMask() {
        return masks[top];
    }

    /** Register frame of the top entry's lanes. */
    public int frame() {
        return frames[top];
    }

    /** Kind of the top entry. */
    public int topKind() {
        return kinds[top];
    }

    /** The innermost transaction the top entry runs in, or null. */
    public TxScope scope() {
        for (int i = top; i >= 0; i--) {
            if (kinds[i] == TX) {
                return scopes[i];
            }
            if (kinds[i] == RETRY) {
                return null;
            }
        }
        return null;
    }

    /** Moves the top entry to {@code pc} (straight-line execution or a uniform branch). */
    public void setPc(int pc) {
        pcs[top] = pc;
    }

    /**
     * A conditional branch at the top entry: lanes of {@code takenMask} (a subset of the active mask) go to {@code
     * target}, the other active lanes to {@code fallthroughPc}; divergent paths reconverge at {@code
     * reconvergencePc}. Returns true when the lanes went both ways.
     */
    public boolean branch(long takenMask, int target, int fallthroughPc, int reconvergencePc) {
        int t = top;
        long active = masks[t];
        long taken = takenMask & active;
        long notTaken = active & ~taken;
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
            pop(); // the entry below already waits at reconvergencePc: replace this path by its sub-paths
        } else {
            pcs[t] = reconvergencePc;
        }
        if (target != reconvergencePc) {
            push(target, reconvergencePc, taken, frame, PATH, null);
        }
        if (fallthroughPc != reconvergencePc) {
            push(fallthroughPc, reconvergencePc, notTaken, frame, PATH, null);
        }
        return true;
    }

    /** A call: the top entry resumes at {@code returnPc} later; a call entry runs from {@code entryPc}. */
    public void call(int entryPc, int returnPc, int calleeFrame) {
        int t = top;
        pcs[t] = returnPc;
        push(entryPc, -1, masks[t], calleeFrame, CALL, null);
    }

    /** Returns from a call: pops the top entry, which must be a call entry. */
    public void ret() {
        if (kinds[top] != CALL) {
            throw new IllegalStateException("return without a call entry on top of the SIMT stack");
        }
        pop();
    }

    /**
     * Opens a transaction for the top entry's lanes: pushes its R entry (the lanes to run are in {@code scope}'s
     * retry mask until {@link #txRetry} pushes a T entry for the admitted ones).
     */
    public void txOpen(TxScope scope) {
        push(scope.bodyPc, -1, 0, frames[top], RETRY, scope);
    }

    /**
     * Ends an attempt at the top (T) entry after the TM model decided it: pops T; while R has lanes, a new T is
     * pushed by {@link #txRetry}; once R is empty the caller calls {@link #txEnd}.
     */
    public void txPopAttempt() {
        if (kinds[top] != TX) {
            throw new IllegalStateException("tx.commit without a transaction entry on top of the SIMT stack");
        }
        pop();
    }

    /** Pushes a T entry running {@code admitted} lanes from the body's start, above the R entry on top. */
    public void txRetry(long admitted) {
        int t = top;
        push(pcs[t], -1, admitted, frames[t], TX, scopes[t]);
    }

    /** The transaction of the R entry on top (between attempts), or null. */
    public TxScope retryScope() {
        return top >= 0 && kinds[top] == RETRY ? scopes[top] : null;
    }

    /** Pops the empty R entry and moves the entry below to {@code afterPc}. */
    public void txEnd(int afterPc) {
        if (kinds[top] != RETRY) {
            throw new IllegalStateException("transaction end without its retry entry on the SIMT stack");
        }
        pop();
        pcs[top] = afterPc;
    }

    /** Removes {@code lanes} from every entry (the lanes exited or trapped). */
    public void exitLanes(long lanes) {
        for (int i = 0; i <= top; i++) {
            masks[i] &= ~lanes;
        }
    }

    /**
     * Pops entries that reached their reconvergence point or have no lanes left (R entries stay: they wait for
     * their T entries even when empty, and the transaction protocol pops them).
     */
    public void reconverge() {
        while (top >= 0) {
            int k = kinds[top];
            if (k == RETRY) {
                return;
            }
            if (masks[top] == 0 || (pcs[top] == rpcs[top] && k == PATH)) {
                pop();
            } else {
                return;
            }
        }
    }

    /** Number of entries. */
    public int depth() {
        return top + 1;
    }

    /** The deepest the stack has been since {@link #reset}. */
    public int maxDepth() {
        return maxDepth;
    }

    /** An entry as seen from outside. */
    public record Entry(int pc, int rpc, long mask, int frame, int kind) {}

    /** A snapshot, bottom entry first. */
    public List<Entry> entries() {
        List<Entry> l = new ArrayList<>(top + 1);
        for (int i = 0; i <= top; i++) {
            l.add(new Entry(pcs[i], rpcs[i], masks[i], frames[i], kinds[i]));
        }
        return l;
    }

    /** The thesis's letter for an entry kind: N, C (call), R, T. */
    public static String kindLetter(int kind) {
        switch (kind) {
            case CALL:
                return "C";
            case RETRY:
                return "R";
            case TX:
                return "T";
            default:
                return "N";
        }
    }
}
