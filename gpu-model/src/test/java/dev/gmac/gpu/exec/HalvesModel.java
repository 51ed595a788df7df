package dev.gmac.gpu.exec;

/**
 * A test-only divergence model that exercises the interpreter's multi-member issue groups: it runs {@code pdom}
 * but presents each group as two members, the lanes of the lower and of the upper half of the warp, so every data
 * instruction executes per member, collectives gather and scatter, and control instructions are handled once for
 * the group. Results must equal {@code pdom}'s for every kernel.
 */
public final class HalvesModel extends DivergenceModel {
    /** Registers the model as {@code test-halves}. */
    public static void register() {
        DivergenceModels.register("test-halves", HalvesModel::new);
    }

    private final PdomModel pdom = new PdomModel();
    private long lowHalf;

    @Override
    public String name() {
        return "test-halves";
    }

    @Override
    public void start(Cta cta, int entryPc) {
        this.cta = cta;
        pdom.start(cta, entryPc);
        int w = cta.warps[0].width;
        lowHalf = (1L << (w / 2)) - 1;
    }

    private long half(int slot, int i) {
        long m = pdom.mask(slot);
        long lo = m & lowHalf;
        long hi = m & ~lowHalf;
        if (lo == 0 || hi == 0) {
            return m;
        }
        return i == 0 ? lo : hi;
    }

    @Override
    public int slots() {
        return pdom.slots();
    }

    @Override
    public int state(int slot) {
        return pdom.state(slot);
    }

    @Override
    public int pc(int slot) {
        return pdom.pc(slot);
    }

    @Override
    public long mask(int slot) {
        return pdom.mask(slot);
    }

    @Override
    public int members(int slot) {
        long m = pdom.mask(slot);
        return (m & lowHalf) != 0 && (m & ~lowHalf) != 0 ? 2 : 1;
    }

    @Override
    public Warp member(int slot, int i) {
        return pdom.member(slot, 0);
    }

    @Override
    public long memberLanes(int slot, int i) {
        return half(slot, i);
    }

    @Override
    public int memberFrame(int slot, int i) {
        return pdom.memberFrame(slot, 0);
    }

    @Override
    public int watchPc(int slot) {
        return pdom.watchPc(slot);
    }

    @Override
    public boolean reportsEveryBranch() {
        return false;
    }

    @Override
    public TxScope txScope(int slot) {
        return pdom.txScope(slot);
    }

    @Override
    public void setPc(int slot, int pc) {
        pdom.setPc(slot, pc);
    }

    @Override
    public int branch(int slot, long taken, int target, int fallthrough, int rpc, boolean uniform) {
        return pdom.branch(slot, taken, target, fallthrough, rpc, uniform);
    }

    @Override
    public int reached(int slot) {
        return pdom.reached(slot);
    }

    @Override
    public int call(int slot, int entryPc, int returnPc, int[] calleeFrames) {
        if (calleeFrames.length == 2 && calleeFrames[0] != calleeFrames[1]) {
            throw new IllegalStateException("both halves of a warp share one callee frame");
        }
        return pdom.call(slot, entryPc, returnPc, new int[] {calleeFrames[0]});
    }

    @Override
    public int ret(int slot) {
        return pdom.ret(slot);
    }

    @Override
    public boolean inCall(int slot) {
        return pdom.inCall(slot);
    }

    @Override
    public int exited(int slot, long lanes) {
        return pdom.exited(slot, lanes);
    }

    @Override
    public long barrierLanes(int slot, long executing, BarrierFault fault) {
        return pdom.barrierLanes(slot, executing, fault);
    }

    @Override
    public int waitForBlock(int slot, int id, int resumePc) {
        return pdom.waitForBlock(slot, id, resumePc);
    }

    @Override
    public boolean waitsAtBarrier(int slot) {
        return pdom.waitsAtBarrier(slot);
    }

    @Override
    public void barrierReleased(int slot, int id) {
        pdom.barrierReleased(slot, id);
    }

    @Override
    public int warpSync(int slot, long members, int resumePc) {
        return pdom.warpSync(slot, members, resumePc);
    }

    @Override
    public int txBegin(int slot, int bodyPc) {
        return pdom.txBegin(slot, bodyPc);
    }

    @Override
    public int txCommit(int slot, int afterPc) {
        return pdom.txCommit(slot, afterPc);
    }

    @Override
    public void txWake(int slot) {
        pdom.txWake(slot);
    }

    @Override
    public int maxDepth() {
        return pdom.maxDepth();
    }

    @Override
    public String describe(int slot) {
        return pdom.describe(slot);
    }
}
