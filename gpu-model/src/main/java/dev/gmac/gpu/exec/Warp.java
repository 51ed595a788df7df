package dev.gmac.gpu.exec;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.ptx.FunctionInfo;
import dev.gmac.gpu.ptx.Insn;
import java.util.Arrays;

/**
 * One warp of 32 lanes (Fung thesis §2.1.2): its SIMT stack, its register frames and per-lane local memory.
 *
 * <p>Registers are flat per frame: {@code regs[depth][slot * 32 + lane]} holds the raw 64-bit contents of a
 * register of one lane (no per-lane objects), and {@code preds[depth][p]} holds predicate {@code p} of all 32
 * lanes as a bit mask. Depth 0 is the kernel; each device-function call uses the next depth, so recursion works.
 * Local memory is one byte array with a fixed stride per lane; each call's frame starts where the caller's
 * frame ends.
 */
public final class Warp {
    /** The warp can issue. */
    public static final int RUNNABLE = 0;
    /** The warp waits at a CTA barrier. */
    public static final int AT_BARRIER = 1;
    /** Every lane finished. */
    public static final int DONE = 2;

    final Cta cta;
    final int index;
    final int validMask;
    int liveMask;
    final SimtStack stack;
    int state = RUNNABLE;

    long[][] regs = new long[4][];
    int[][] preds = new int[4][];
    int[] loadedFunction = new int[4];
    int[] frameBase = new int[4];
    int[] frameFunction = new int[4];
    int[] callSite = new int[4];
    int carry;

    byte[] local;
    int localStride;

    /** The barrier instruction this warp waits at (bar.red result delivery). */
    Insn waitingAt;

    int waitingBarrier = -1;

    Warp(Cta cta, int index, int validMask, SimtStack stack) {
        this.cta = cta;
        this.index = index;
        this.validMask = validMask;
        this.stack = stack;
        Arrays.fill(loadedFunction, -1);
    }

    /** Thread coordinates of each lane: x in [0,32), y in [32,64), z in [64,96). */
    final int[] tid = new int[96];

    /** Prepares the warp to run {@code kernel} from its first instruction. */
    void start(FunctionInfo kernel, int localBytes) {
        Dim3 b = cta.launch.block;
        for (int l = 0; l < 32; l++) {
            long linear = (long) index * 32 + l;
            tid[l] = (int) (linear % b.x());
            tid[32 + l] = (int) ((linear / b.x()) % b.y());
            tid[64 + l] = (int) (linear / ((long) b.x() * b.y()));
        }
        liveMask = validMask;
        state = RUNNABLE;
        carry = 0;
        waitingAt = null;
        waitingBarrier = -1;
        stack.reset(kernel.entryPc, validMask);
        loadFrame(0, kernel);
        frameBase[0] = 0;
        frameFunction[0] = kernel.index;
        callSite[0] = -1;
        ensureLocal(Math.max(localBytes, 16));
    }

    /** Makes frame {@code depth} hold {@code f}'s registers with its constants loaded. */
    void loadFrame(int depth, FunctionInfo f) {
        if (depth >= regs.length) {
            int n = Math.max(depth + 1, regs.length * 2);
            regs = Arrays.copyOf(regs, n);
            preds = Arrays.copyOf(preds, n);
            frameBase = Arrays.copyOf(frameBase, n);
            frameFunction = Arrays.copyOf(frameFunction, n);
            callSite = Arrays.copyOf(callSite, n);
            int old = loadedFunction.length;
            loadedFunction = Arrays.copyOf(loadedFunction, n);
            Arrays.fill(loadedFunction, old, n, -1);
        }
        if (loadedFunction[depth] == f.index) {
            return;
        }
        long[] r = regs[depth];
        if (r == null || r.length < f.slots * 32) {
            r = new long[Math.max(1, f.slots) * 32];
            regs[depth] = r;
        }
        int[] p = preds[depth];
        if (p == null || p.length < f.preds) {
            preds[depth] = new int[Math.max(1, f.preds)];
        }
        for (int k = 0; k < f.constSlots.length; k++) {
            Arrays.fill(r, f.constSlots[k] * 32, f.constSlots[k] * 32 + 32, f.constValues[k]);
        }
        loadedFunction[depth] = f.index;
    }

    /** Grows local memory to at least {@code bytesPerLane} per lane, keeping contents. */
    void ensureLocal(int bytesPerLane) {
        if (local != null && localStride >= bytesPerLane) {
            return;
        }
        int stride = Math.max(bytesPerLane, localStride * 2);
        stride = (stride + 15) & ~15;
        byte[] n = new byte[stride * 32];
        if (local != null) {
            for (int l = 0; l < 32; l++) {
                System.arraycopy(local, l * localStride, n, l * stride, localStride);
            }
        }
        local = n;
        localStride = stride;
    }

    /** The warp's index in its CTA. */
    public int index() {
        return index;
    }

    /** The CTA. */
    public Cta cta() {
        return cta;
    }

    /** The divergence model. */
    public SimtStack stack() {
        return stack;
    }

    /** {@link #RUNNABLE}, {@link #AT_BARRIER} or {@link #DONE}. */
    public int state() {
        return state;
    }

    /** Lanes that exist (a CTA's last warp may be partial). */
    public int validMask() {
        return validMask;
    }

    /** Lanes that have not exited. */
    public int liveMask() {
        return liveMask;
    }

    /** The raw 64-bit value of register slot {@code slot} of {@code lane} in the current frame (tests). */
    public long register(int slot, int lane) {
        return regs[stack.isEmpty() ? 0 : stack.frameDepth()][slot * 32 + lane];
    }

    /** The thread coordinates of {@code lane} inside the CTA. */
    public Dim3 threadOf(int lane) {
        return cta.launch.block.coordinatesOf((long) index * 32 + lane);
    }

    @Override
    public String toString() {
        return "warp " + index + " of CTA " + cta.ctaId;
    }
}
