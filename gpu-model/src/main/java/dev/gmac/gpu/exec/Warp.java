package dev.gmac.gpu.exec;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.ptx.FunctionInfo;
import java.util.Arrays;

/**
 * One static warp of a CTA (Fung thesis §2.1.2): a fixed group of {@code width} consecutive threads (32 or 64
 * lanes), their register frames and their local memory. A thread never leaves its home lane: the register file
 * is banked per lane (thesis §3.3.2), so a divergence model that regroups threads into dynamic or compacted warps
 * ({@link DivergenceModel}) issues lanes of several static warps together without moving register state.
 *
 * <p>Registers are flat per frame: {@code regs[frame][slot * width + lane]} holds the raw 64-bit
 * contents of a register of one lane, and {@code preds[frame][p]} holds predicate {@code p} of every lane as a bit
 * mask. A frame is one activation of a function: frame 0 is the kernel; a call enters a frame for its callee
 * ({@link #enterFrame}), shared by all lanes that make the same call from the same caller frame (their lanes are
 * disjoint, so they can share one register array). Frames are numbered per warp and reused once no lane is left in
 * them, so recursion and the independently scheduled paths of {@code its} both work. Local memory is one byte
 * array with a fixed stride per lane; a callee's frame starts where its caller's ends.
 */
public final class Warp {
    final Cta cta;
    final int index;
    final int width;
    final long validMask;
    long liveMask;

    long[][] regs = new long[4][];
    long[][] preds = new long[4][];
    int[] loadedFunction = new int[4];
    int[] frameBase = new int[4];
    int[] frameFunction = new int[4];
    int[] callSite = new int[4];
    int[] parentFrame = new int[4];
    long[] frameLanes = new long[4];
    int frames;
    long carry;

    byte[] local;
    int localStride;

    /** Thread coordinates of each lane: x in [0,w), y in [w,2w), z in [2w,3w) for width w. */
    final int[] tid;

    Warp(Cta cta, int index, int width, long validMask) {
        this.cta = cta;
        this.index = index;
        this.width = width;
        this.validMask = validMask;
        this.tid = new int[3 * width];
        Arrays.fill(loadedFunction, -1);
    }

    /** Prepares the warp to run {@code kernel} from its first instruction in frame 0. */
    void start(FunctionInfo kernel, int localBytes) {
        Dim3 b = cta.launch.block;
        for (int l = 0; l < width; l++) {
            long linear = (long) index * width + l;
            tid[l] = (int) (linear % b.x());
            tid[width + l] = (int) ((linear / b.x()) % b.y());
            tid[2 * width + l] = (int) (linear / ((long) b.x() * b.y()));
        }
        liveMask = validMask;
        carry = 0;
        frames = 1;
        loadFrame(0, kernel);
        frameBase[0] = 0;
        frameFunction[0] = kernel.index;
        callSite[0] = -1;
        parentFrame[0] = -1;
        frameLanes[0] = validMask;
        ensureLocal(Math.max(localBytes, 16));
    }

    /**
     * The frame for {@code lanes} calling {@code callee} from {@code caller} at instruction {@code site}: an
     * existing frame of the same call (same caller frame, site and callee; its lanes are disjoint from {@code
     * lanes}) or a fresh one, with its register constants loaded and its local-memory base after the caller's.
     */
    int enterFrame(int caller, FunctionInfo callee, int site, int base, long lanes) {
        for (int f = 1; f < frames; f++) {
            if (frameLanes[f] != 0
                    && parentFrame[f] == caller
                    && callSite[f] == site
                    && frameFunction[f] == callee.index) {
                frameLanes[f] |= lanes;
                return f;
            }
        }
        int f = 1;
        while (f < frames && frameLanes[f] != 0) {
            f++;
        }
        if (f == frames) {
            frames++;
        }
        loadFrame(f, callee);
        frameBase[f] = base;
        frameFunction[f] = callee.index;
        callSite[f] = site;
        parentFrame[f] = caller;
        frameLanes[f] = lanes;
        return f;
    }

    /** {@code lanes} left frame {@code f} (returned or exited); the frame is free once no lane is left. */
    void leaveFrame(int f, long lanes) {
        frameLanes[f] &= ~lanes;
    }

    /** Makes frame {@code f} hold {@code fn}'s registers with its constants loaded. */
    void loadFrame(int f, FunctionInfo fn) {
        if (f >= regs.length) {
            int n = Math.max(f + 1, regs.length * 2);
            regs = Arrays.copyOf(regs, n);
            preds = Arrays.copyOf(preds, n);
            frameBase = Arrays.copyOf(frameBase, n);
            frameFunction = Arrays.copyOf(frameFunction, n);
            callSite = Arrays.copyOf(callSite, n);
            parentFrame = Arrays.copyOf(parentFrame, n);
            frameLanes = Arrays.copyOf(frameLanes, n);
            int old = loadedFunction.length;
            loadedFunction = Arrays.copyOf(loadedFunction, n);
            Arrays.fill(loadedFunction, old, n, -1);
        }
        if (loadedFunction[f] == fn.index) {
            return;
        }
        int stride = width;
        long[] r = regs[f];
        if (r == null || r.length < fn.slots * stride) {
            r = new long[Math.max(1, fn.slots) * stride];
            regs[f] = r;
        }
        long[] p = preds[f];
        if (p == null || p.length < fn.preds) {
            preds[f] = new long[Math.max(1, fn.preds)];
        }
        for (int k = 0; k < fn.constSlots.length; k++) {
            Arrays.fill(r, fn.constSlots[k] * stride, fn.constSlots[k] * stride + width, fn.constValues[k]);
        }
        loadedFunction[f] = fn.index;
    }

    /** Grows local memory to at least {@code bytesPerLane} per lane, keeping contents. */
    void ensureLocal(int bytesPerLane) {
        if (local != null && localStride >= bytesPerLane) {
            return;
        }
        int stride = Math.max(bytesPerLane, localStride * 2);
        stride = (stride + 15) & ~15;
        byte[] n = new byte[stride * width];
        if (local != null) {
            for (int l = 0; l < width; l++) {
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

    /** Lanes per warp (32 or 64). */
    public int width() {
        return width;
    }

    /** Lanes that exist (a CTA's last warp may be partial). */
    public long validMask() {
        return validMask;
    }

    /** Lanes that have not exited. */
    public long liveMask() {
        return liveMask;
    }

    /** The raw 64-bit value of register slot {@code slot} of {@code lane} in frame {@code frame} (tests). */
    public long register(int frame, int slot, int lane) {
        return regs[frame][slot * width + lane];
    }

    /** The thread coordinates of {@code lane} inside the CTA. */
    public Dim3 threadOf(int lane) {
        return cta.launch.block.coordinatesOf((long) index * width + lane);
    }

    @Override
    public String toString() {
        return "warp " + index + " of CTA " + cta.ctaId;
    }
}
