package dev.gmac.gpu.exec;

import dev.gmac.gpu.ptx.Insn;
import dev.gmac.gpu.ptx.Op;
import java.util.Arrays;

/**
 * Warp-wide collective instructions (PTX ISA §9.7.13: {@code vote}, {@code shfl.sync}, {@code match.sync}, {@code
 * activemask}) over the lanes of an issue group, for warps of 32 and 64 lanes.
 *
 * <p><b>On a 64-lane wavefront</b> (the {@code apu8} preset) these 32-bit instructions act on the 32-lane
 * <em>half</em> of the wavefront that holds the executing lane, as if each half were a 32-wide warp: member masks,
 * ballots, {@code activemask} and the {@code %lanemask_*} registers are 32-bit masks of that half (bit {@code i}
 * is lane {@code 32h + i}), and {@code shfl} lane numbers and clamps are half-relative. Code that nvcc compiled for
 * 32-wide warps (it folds {@code warpSize} to 32 and encodes the shuffle clamp as {@code 0x1f}) therefore runs
 * unchanged on both widths, each half behaving as a warp. {@code %laneid} (0..63), {@code %warpid} and {@code
 * WARP_SZ} (64) describe the real wavefront, so {@code %laneid >> 5} names the half. At width 32 there is one half
 * and the semantics are PTX's own.
 *
 * <p>Three extension forms span the whole wavefront at either width, so that wavefront-wide algorithms (a prefix
 * sum, leader election, the channels' wavefront-amortized reservation) can be written once for both: {@code
 * vote.ballot.b64} (the 64-bit ballot of every lane), {@code activemask.b64} and {@code shfl.wave.{up,down,bfly,idx}}
 * (lane numbers 0..width-1, no clamp; a source lane outside the wavefront reads the lane's own value and clears the
 * predicate). CUDA code reaches them through {@code gmac_warp.cuh}.
 *
 * <p>In an issue group of several static warps (compacted or dynamic warps), the members' lanes are disjoint home
 * lanes, so the group is gathered into one virtual warp ({@link #group}), the collective runs over the union, and
 * the destinations are scattered back to their warps.
 */
final class Collectives {
    private static final long M32 = 0xFFFFFFFFL;

    private final int width;
    private final long[] src = new long[64];
    private long[] gatherRegs = new long[0];
    private long[] gatherPreds = new long[0];

    Collectives(int width) {
        this.width = width;
    }

    /** The 32-bit view of {@code mask} for the half holding {@code lane}. */
    private static long half(long mask, int lane) {
        return (mask >>> (lane & 32)) & M32;
    }

    void activemask(Insn in, long mask, long em, long[] r) {
        boolean wide = in.sub2 == Op.WAVE_WIDE;
        for (long lm = em; lm != 0; lm &= lm - 1) {
            final int l = Long.numberOfTrailingZeros(lm);
            r[in.d + l] = wide ? mask : half(mask, l);
        }
    }

    void vote(Insn in, long em, long[] r, long[] p) {
        if (em == 0) {
            return;
        }
        if (in.sub2 == Op.WAVE_WIDE) {
            long members = em;
            if (in.b >= 0) {
                members &= r[in.b + Long.numberOfTrailingZeros(em)];
            }
            long ballot = (in.aNeg ? ~p[in.a] : p[in.a]) & members;
            for (long lm = em; lm != 0; lm &= lm - 1) {
                r[in.d + Long.numberOfTrailingZeros(lm)] = ballot;
            }
            return;
        }
        for (int h = 0; h < width; h += 32) {
            long hm = em & (M32 << h);
            if (hm == 0) {
                continue;
            }
            long members = hm;
            if (in.b >= 0) {
                members &= (r[in.b + Long.numberOfTrailingZeros(hm)] & M32) << h;
            }
            long pred = (in.aNeg ? ~p[in.a] : p[in.a]) & members;
            if (in.sub == Op.V_BALLOT) {
                long ballot = (pred >>> h) & M32;
                for (long lm = hm; lm != 0; lm &= lm - 1) {
                    r[in.d + Long.numberOfTrailingZeros(lm)] = ballot;
                }
                continue;
            }
            boolean v;
            switch (in.sub) {
                case Op.V_ALL:
                    v = pred == members;
                    break;
                case Op.V_ANY:
                    v = pred != 0;
                    break;
                default:
                    v = pred == 0 || pred == members;
            }
            p[in.d] = v ? p[in.d] | hm : p[in.d] & ~hm;
        }
    }

    void shuffle(Insn in, long em, long[] r, long[] p) {
        long[] s = src;
        // every lane provides its value as a source, executing or not (PTX leaves the latter undefined)
        System.arraycopy(r, in.a, s, 0, width);
        long pred = 0;
        if (in.sub2 == Op.WAVE_WIDE) {
            for (long lm = em; lm != 0; lm &= lm - 1) {
                final int l = Long.numberOfTrailingZeros(lm);
                int b = (int) r[in.b + l];
                int j;
                switch (in.sub) {
                    case Op.S_UP:
                        j = l - b;
                        break;
                    case Op.S_DOWN:
                        j = l + b;
                        break;
                    case Op.S_BFLY:
                        j = l ^ b;
                        break;
                    default:
                        j = b;
                }
                boolean ok = j >= 0 && j < width;
                r[in.d + l] = s[ok ? j : l];
                if (ok) {
                    pred |= 1L << l;
                }
            }
            if (in.d2 >= 0) {
                p[in.d2] = (p[in.d2] & ~em) | pred;
            }
            return;
        }
        for (long lm = em; lm != 0; lm &= lm - 1) {
            final int l = Long.numberOfTrailingZeros(lm);
            int base = l & 32;
            int ll = l & 31;
            int bval = (int) r[in.b + l] & 0x1F;
            int cword = (int) r[in.c + l];
            int cval = cword & 0x1F;
            int segmask = (cword >>> 8) & 0x1F;
            int maxLane = (ll & segmask) | (cval & ~segmask);
            int minLane = ll & segmask;
            int j;
            boolean pval;
            switch (in.sub) {
                case Op.S_UP:
                    j = ll - bval;
                    pval = j >= maxLane;
                    break;
                case Op.S_DOWN:
                    j = ll + bval;
                    pval = j <= maxLane;
                    break;
                case Op.S_BFLY:
                    j = ll ^ bval;
                    pval = j <= maxLane;
                    break;
                default:
                    j = minLane | (bval & ~segmask);
                    pval = j <= maxLane;
            }
            if (!pval) {
                j = ll;
            }
            r[in.d + l] = s[base + j];
            if (pval) {
                pred |= 1L << l;
            }
        }
        if (in.d2 >= 0) {
            p[in.d2] = (p[in.d2] & ~em) | pred;
        }
    }

    void match(Insn in, long em, long[] r, long[] p) {
        if (em == 0) {
            return;
        }
        boolean wide = in.type.bits() == 64;
        long pred = 0;
        for (int h = 0; h < width; h += 32) {
            long hm = em & (M32 << h);
            if (hm == 0) {
                continue;
            }
            long members = hm & ((r[in.b + Long.numberOfTrailingZeros(hm)] & M32) << h);
            boolean allSame = true;
            long first = r[in.a + Long.numberOfTrailingZeros(members == 0 ? hm : members)];
            long f = wide ? first : first & M32;
            for (long lm = members; lm != 0; lm &= lm - 1) {
                final int l = Long.numberOfTrailingZeros(lm);
                long v = wide ? r[in.a + l] : r[in.a + l] & M32;
                if (v != f) {
                    allSame = false;
                }
            }
            for (long lm = hm; lm != 0; lm &= lm - 1) {
                final int l = Long.numberOfTrailingZeros(lm);
                long v = wide ? r[in.a + l] : r[in.a + l] & M32;
                if (in.sub == 1) {
                    r[in.d + l] = allSame ? (members >>> h) & M32 : 0;
                    if (allSame) {
                        pred |= 1L << l;
                    }
                } else {
                    long same = 0;
                    for (long km = members; km != 0; km &= km - 1) {
                        final int k = Long.numberOfTrailingZeros(km);
                        long u = wide ? r[in.a + k] : r[in.a + k] & M32;
                        if (u == v) {
                            same |= 1L << k;
                        }
                    }
                    r[in.d + l] = (same >>> h) & M32;
                }
            }
        }
        if (in.d2 >= 0) {
            p[in.d2] = (p[in.d2] & ~em) | pred;
        }
    }

    /**
     * A collective for an issue group of several static warps: gathers the source registers and predicates of
     * every member into one virtual warp, runs the collective over the union of the members' executing lanes, and
     * scatters the destination register and predicates back to each member's warp.
     */
    void group(Insn in, DivergenceModel dm, int slot, IssueRecord rec) {
        int k = dm.members(slot);
        int regs = 0;
        int preds = 0;
        for (int i = 0; i < k; i++) {
            Warp w = dm.member(slot, i);
            int f = dm.memberFrame(slot, i);
            regs = Math.max(regs, w.regs[f].length);
            preds = Math.max(preds, w.preds[f].length);
        }
        if (gatherRegs.length < regs) {
            gatherRegs = new long[regs];
        }
        if (gatherPreds.length < preds) {
            gatherPreds = new long[preds];
        }
        long[] r = gatherRegs;
        long[] p = gatherPreds;
        Arrays.fill(p, 0, preds, 0);
        long em = 0;
        long mask = 0;
        int[] srcRegs;
        switch (in.op) {
            case Op.VOTE:
                srcRegs = new int[] {in.b};
                break;
            case Op.SHFL:
                srcRegs = new int[] {in.a, in.b, in.c};
                break;
            case Op.MATCH:
                srcRegs = new int[] {in.a, in.b};
                break;
            default:
                srcRegs = new int[0];
        }
        for (int i = 0; i < k; i++) {
            Warp w = dm.member(slot, i);
            int f = dm.memberFrame(slot, i);
            long lanes = dm.memberLanes(slot, i);
            long[] wr = w.regs[f];
            long[] wp = w.preds[f];
            long ex = lanes;
            if (in.guard >= 0) {
                ex = in.guardNeg ? lanes & ~wp[in.guard] : lanes & wp[in.guard];
            }
            em |= ex;
            mask |= lanes;
            for (int s : srcRegs) {
                if (s >= 0) {
                    for (long lm = lanes; lm != 0; lm &= lm - 1) {
                        int l = Long.numberOfTrailingZeros(lm);
                        r[s + l] = wr[s + l];
                    }
                }
            }
            for (int q = 0; q < wp.length && q < preds; q++) {
                p[q] |= wp[q] & lanes;
            }
            if (rec != null) {
                rec.addMember(w, lanes, ex);
            }
        }
        switch (in.op) {
            case Op.VOTE:
                vote(in, em, r, p);
                break;
            case Op.SHFL:
                shuffle(in, em, r, p);
                break;
            case Op.MATCH:
                match(in, em, r, p);
                break;
            default:
                activemask(in, mask, em, r);
        }
        boolean predDest = in.op == Op.VOTE && in.sub != Op.V_BALLOT;
        for (int i = 0; i < k; i++) {
            Warp w = dm.member(slot, i);
            int f = dm.memberFrame(slot, i);
            long lanes = dm.memberLanes(slot, i) & em;
            long[] wr = w.regs[f];
            long[] wp = w.preds[f];
            if (predDest) {
                wp[in.d] = (wp[in.d] & ~lanes) | (p[in.d] & lanes);
            } else {
                for (long lm = lanes; lm != 0; lm &= lm - 1) {
                    int l = Long.numberOfTrailingZeros(lm);
                    wr[in.d + l] = r[in.d + l];
                }
            }
            if (in.d2 >= 0) {
                wp[in.d2] = (wp[in.d2] & ~lanes) | (p[in.d2] & lanes);
            }
        }
    }
}
