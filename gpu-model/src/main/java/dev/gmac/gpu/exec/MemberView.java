package dev.gmac.gpu.exec;

/**
 * One member of a multi-warp issue group, seen as a one-member group, so that the interpreter's fast loop can
 * execute a data instruction for it (one instruction, no control flow). Control instructions of multi-warp groups
 * never reach it: the interpreter handles them once for the whole group, so every control report throws.
 */
final class MemberView extends DivergenceModel {
    private DivergenceModel group;
    private int slot;
    private int member;

    void bind(DivergenceModel group, int slot, int member) {
        this.group = group;
        this.slot = slot;
        this.member = member;
        this.cta = group.cta;
    }

    private static IllegalStateException control() {
        return new IllegalStateException("a control instruction reached a member of a multi-warp issue group");
    }

    @Override
    public String name() {
        return group.name() + " member";
    }

    @Override
    public void start(Cta cta, int entryPc) {
        throw control();
    }

    @Override
    public int slots() {
        return 1;
    }

    @Override
    public int state(int s) {
        return RUNNABLE;
    }

    @Override
    public int pc(int s) {
        return group.pc(slot);
    }

    @Override
    public long mask(int s) {
        return group.memberLanes(slot, member);
    }

    @Override
    public int members(int s) {
        return 1;
    }

    @Override
    public Warp member(int s, int i) {
        return group.member(slot, member);
    }

    @Override
    public long memberLanes(int s, int i) {
        return group.memberLanes(slot, member);
    }

    @Override
    public int memberFrame(int s, int i) {
        return group.memberFrame(slot, member);
    }

    @Override
    public int watchPc(int s) {
        return -1;
    }

    @Override
    public boolean reportsEveryBranch() {
        return true;
    }

    @Override
    public TxScope txScope(int s) {
        return group.memberTxScope(slot, member);
    }

    @Override
    public void setPc(int s, int pc) {
        // the group advances once all members executed the instruction
    }

    @Override
    public int branch(int s, long taken, int target, int fallthrough, int rpc, boolean uniform) {
        throw control();
    }

    @Override
    public int reached(int s) {
        throw control();
    }

    @Override
    public int call(int s, int entryPc, int returnPc, int[] calleeFrames) {
        throw control();
    }

    @Override
    public int ret(int s) {
        throw control();
    }

    @Override
    public boolean inCall(int s) {
        throw control();
    }

    @Override
    public int exited(int s, long lanes) {
        throw control();
    }

    @Override
    public long barrierLanes(int s, long executing, BarrierFault fault) {
        throw control();
    }

    @Override
    public int waitForBlock(int s, int id, int resumePc) {
        throw control();
    }

    @Override
    public boolean waitsAtBarrier(int s) {
        return false;
    }

    @Override
    public void barrierReleased(int s, int id) {
        throw control();
    }

    @Override
    public int warpSync(int s, long members, int resumePc) {
        throw control();
    }

    @Override
    public int txBegin(int s, int bodyPc) {
        throw control();
    }

    @Override
    public int txCommit(int s, int afterPc) {
        throw control();
    }

    @Override
    public void txWake(int s) {
        throw control();
    }

    @Override
    public int txAbort(int s, long lanes) {
        throw control();
    }

    @Override
    public int maxDepth() {
        return 0;
    }

    @Override
    public String describe(int s) {
        return group.describe(slot);
    }
}
