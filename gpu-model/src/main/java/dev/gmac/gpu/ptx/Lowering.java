package dev.gmac.gpu.ptx;

import dev.gmac.gpu.cfg.ControlFlowGraph;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Decodes a parsed module once into the executable form ({@link Program}, {@link Insn}): resolves registers to
 * frame slots, immediates to constant slots, labels to instruction indices, named variables to addresses
 * (shared offsets, constant-bank offsets, device addresses of {@code .global} variables, frame offsets of
 * {@code .local} and device-function {@code .param} variables), lays out shared memory and the constant bank,
 * and asks {@link ControlFlowGraph} for the reconvergence PC (immediate post-dominator) of every branch.
 * Instructions the engine cannot run raise {@link UnsupportedPtxException} here, at load time.
 *
 * <p>Conventions of the executable form: a {@code ret} is a branch to the function's single exit instruction
 * ({@link Op#RET_EXIT}), so that divergent paths of a function reconverge before it returns; {@code exit} in a
 * kernel is the same branch, and in a device function it retires the executing lanes ({@link Op#EXIT}).
 */
final class Lowering {
    /** Allocates and initialises module {@code .global} variables in device memory. */
    interface GlobalAllocator {
        /** Allocates {@code bytes} (at least 1) aligned to {@code align}; returns the device address. */
        long allocate(String name, long bytes, int align);

        /** Writes the initial contents of a variable. */
        void write(long address, byte[] bytes);
    }

    /** Receives unsupported instructions instead of throwing (for {@link PtxCoverage}). */
    interface ErrorSink {
        void unsupported(PtxAst.Instruction in, PtxException e);
    }

    /** An allocator that hands out fake addresses (for analysis without a device). */
    static final GlobalAllocator NO_DEVICE = new GlobalAllocator() {
        private long next = StateSpace.GLOBAL_BASE;

        @Override
        public long allocate(String name, long bytes, int align) {
            long a = next;
            next += (bytes + 255) & ~255L;
            return a;
        }

        @Override
        public void write(long address, byte[] bytes) {}
    };

    /** A named variable and where it lives. */
    private record Sym(int space, long addr, long size, boolean frame, boolean kernelParam) {}

    private record RegInfo(int slot, PtxType type, boolean pred) {}

    private final PtxAst.Module module;
    private final GlobalAllocator allocator;
    private final ErrorSink sink;
    /** Lanes of the flat per-warp register file per register slot: the warp width the code is lowered for. */
    private int stride = 32;

    private final Map<String, Sym> moduleSyms = new HashMap<>();
    private final Map<String, Integer> funcIndex = new HashMap<>();
    private final List<PtxAst.Function> funcAst = new ArrayList<>();
    private final List<FunctionInfo> infos = new ArrayList<>();
    private final List<Insn> code = new ArrayList<>();
    private final Map<PtxAst.VarDecl, Long> sharedOffsets = new HashMap<>();
    private final Map<String, Long> globalAddresses = new LinkedHashMap<>();
    private int sharedTop;
    private int dynamicSharedOffset;
    private byte[] constBank = new byte[0];

    // per-function state
    private FunctionInfo fn;
    private PtxAst.Function fa;
    private Map<String, RegInfo> regs;
    private Map<String, Sym> localSyms;
    private java.util.Deque<Map<String, Sym>> scopes;
    private Map<String, Integer> labels;
    private Map<Long, Integer> consts;
    private List<Long> constList;
    private List<Integer> constSlotList;
    private int nextSlot;
    private int nextPred;
    private List<Integer> curSrc;
    private List<Integer> curDst;

    Lowering(PtxAst.Module module, GlobalAllocator allocator, ErrorSink sink) {
        this.module = module;
        this.allocator = allocator;
        this.sink = sink;
    }

    /** Lowers a parsed module for warps of {@code width} lanes (the register stride). */
    static Program lower(PtxAst.Module module, GlobalAllocator allocator, int width) {
        Lowering l = new Lowering(module, allocator, null);
        l.stride = width;
        return l.lower();
    }

    Program lower() {
        // Functions: a definition wins over an earlier prototype.
        for (PtxAst.Function f : module.functions()) {
            Integer idx = funcIndex.get(f.name());
            if (idx == null) {
                funcIndex.put(f.name(), funcAst.size());
                funcAst.add(f);
            } else if (f.body() != null) {
                if (funcAst.get(idx).body() != null) {
                    throw new PtxSyntaxException(f.line(), f.column(), "function " + f.name() + " defined twice");
                }
                funcAst.set(idx, f);
            }
        }
        for (int i = 0; i < funcAst.size(); i++) {
            PtxAst.Function f = funcAst.get(i);
            infos.add(new FunctionInfo(f.name(), f.isEntry(), i, f.line()));
        }
        layoutShared();
        layoutConst();
        layoutGlobals();
        for (int i = 0; i < funcAst.size(); i++) {
            if (funcAst.get(i).body() != null) {
                lowerFunction(funcAst.get(i), infos.get(i));
            }
        }
        Insn[] arr = code.toArray(new Insn[0]);
        for (FunctionInfo f : infos) {
            if (funcAst.get(f.index).body() != null) {
                computeReconvergence(arr, f);
            }
        }
        Map<String, FunctionInfo> byName = new HashMap<>();
        for (FunctionInfo f : infos) {
            byName.put(f.name, f);
        }
        return new Program(arr, infos, byName, sharedTop, dynamicSharedOffset, constBank, globalAddresses, stride);
    }

    // ------------------------------------------------------------------ module layout

    private static long alignUp(long v, long a) {
        return a <= 1 ? v : (v + a - 1) / a * a;
    }

    private void layoutShared() {
        List<PtxAst.VarDecl> all = new ArrayList<>();
        for (PtxAst.VarDecl v : module.globals()) {
            if (v.space() == PtxAst.Space.SHARED) {
                all.add(v);
            }
        }
        for (PtxAst.Function f : funcAst) {
            if (f.body() != null) {
                for (PtxAst.Statement s : f.body()) {
                    if (s instanceof PtxAst.VarDecl && ((PtxAst.VarDecl) s).space() == PtxAst.Space.SHARED) {
                        all.add((PtxAst.VarDecl) s);
                    }
                }
            }
        }
        long top = 0;
        int dynAlign = 16;
        List<PtxAst.VarDecl> dynamic = new ArrayList<>();
        for (PtxAst.VarDecl v : all) {
            if (v.init() != null) {
                throw new UnsupportedPtxException(
                        v.line(), v.column(), ".shared", "shared variables cannot have initializers");
            }
            boolean isDynamic = v.isArray() && v.elements() == 0;
            if (isDynamic) {
                dynamic.add(v);
                dynAlign = Math.max(dynAlign, v.effectiveAlign());
                continue;
            }
            top = alignUp(top, v.effectiveAlign());
            sharedOffsets.put(v, top);
            top += v.byteSize();
        }
        sharedTop = (int) top;
        dynamicSharedOffset = (int) alignUp(top, dynAlign);
        for (PtxAst.VarDecl v : dynamic) {
            sharedOffsets.put(v, (long) dynamicSharedOffset);
        }
        for (PtxAst.VarDecl v : module.globals()) {
            if (v.space() == PtxAst.Space.SHARED) {
                moduleSyms.put(v.name(), new Sym(StateSpace.SHARED, sharedOffsets.get(v), v.byteSize(), false, false));
            }
        }
    }

    private void layoutConst() {
        long top = 0;
        Map<PtxAst.VarDecl, Long> offs = new LinkedHashMap<>();
        for (PtxAst.VarDecl v : module.globals()) {
            if (v.space() == PtxAst.Space.CONST) {
                top = alignUp(top, v.effectiveAlign());
                offs.put(v, top);
                moduleSyms.put(v.name(), new Sym(StateSpace.CONST, top, v.byteSize(), false, false));
                top += v.byteSize();
            }
        }
        constBank = new byte[(int) top];
        for (Map.Entry<PtxAst.VarDecl, Long> e : offs.entrySet()) {
            byte[] init = initBytes(e.getKey());
            if (init != null) {
                System.arraycopy(init, 0, constBank, e.getValue().intValue(), init.length);
            }
        }
    }

    private void layoutGlobals() {
        List<PtxAst.VarDecl> gl = new ArrayList<>();
        for (PtxAst.VarDecl v : module.globals()) {
            if (v.space() == PtxAst.Space.GLOBAL) {
                if (".extern".equals(v.linkage())) {
                    continue; // resolved only if used: reported at the use
                }
                long addr = allocator.allocate(v.name(), Math.max(1, v.byteSize()), Math.max(1, v.effectiveAlign()));
                moduleSyms.put(v.name(), new Sym(StateSpace.GLOBAL, addr, v.byteSize(), false, false));
                globalAddresses.put(v.name(), addr);
                gl.add(v);
            }
        }
        for (PtxAst.VarDecl v : gl) {
            byte[] init = initBytes(v);
            if (init != null) {
                allocator.write(moduleSyms.get(v.name()).addr(), init);
            }
        }
    }

    /** The initial bytes of a variable, or null when it has no initializer. */
    private byte[] initBytes(PtxAst.VarDecl v) {
        if (v.init() == null) {
            return null;
        }
        int es = v.type().byteSize();
        long total = v.byteSize();
        if (total > Integer.MAX_VALUE) {
            throw new UnsupportedPtxException(v.line(), v.column(), "initializer", "variable too large");
        }
        ByteBuffer bb = ByteBuffer.allocate((int) total).order(ByteOrder.LITTLE_ENDIAN);
        int i = 0;
        for (PtxAst.InitValue iv : v.init()) {
            if ((long) (i + 1) * es > total) {
                throw new PtxSyntaxException(v.line(), v.column(), "too many initializers for " + v.name());
            }
            long bits;
            PtxAst.Operand o = iv.value();
            if (o instanceof PtxAst.Name) {
                PtxAst.Name n = (PtxAst.Name) o;
                Sym s = moduleSyms.get(n.name());
                if (s == null) {
                    throw new PtxSyntaxException(
                            n.line(), n.column(), "unknown symbol " + n.name() + " in initializer");
                }
                long a = s.addr() + n.offset();
                bits = iv.generic() ? a + StateSpace.window(s.space()) : a;
            } else {
                bits = immediateBits(o, v.type(), v.line(), v.column());
            }
            int off = i * es;
            switch (es) {
                case 1:
                    bb.put(off, (byte) bits);
                    break;
                case 2:
                    bb.putShort(off, (short) bits);
                    break;
                case 4:
                    bb.putInt(off, (int) bits);
                    break;
                default:
                    bb.putLong(off, bits);
            }
            i++;
        }
        return bb.array();
    }

    /** Raw register bits of a literal used with type {@code t}. */
    private static long immediateBits(PtxAst.Operand o, PtxType t, int line, int col) {
        if (o instanceof PtxAst.IntLit) {
            long v = ((PtxAst.IntLit) o).value();
            if (t == PtxType.F32) {
                return Float.floatToRawIntBits((float) v) & 0xFFFFFFFFL;
            }
            if (t == PtxType.F64) {
                return Double.doubleToRawLongBits((double) v);
            }
            return v;
        }
        if (o instanceof PtxAst.FloatLit) {
            PtxAst.FloatLit f = (PtxAst.FloatLit) o;
            if (t == PtxType.F64) {
                return f.isDouble() ? f.bits() : Double.doubleToRawLongBits(Float.intBitsToFloat((int) f.bits()));
            }
            if (t == PtxType.F16) {
                float x =
                        f.isDouble() ? (float) Double.longBitsToDouble(f.bits()) : Float.intBitsToFloat((int) f.bits());
                return Half.fromFloat(x, Op.RND_RN);
            }
            if (f.isDouble()) {
                double dv = Double.longBitsToDouble(f.bits());
                return t == PtxType.F32 ? Float.floatToRawIntBits((float) dv) & 0xFFFFFFFFL : (long) dv;
            }
            return f.bits();
        }
        throw new PtxSyntaxException(line, col, "expected a number");
    }

    // ------------------------------------------------------------------ functions

    private void lowerFunction(PtxAst.Function f, FunctionInfo info) {
        fn = info;
        fa = f;
        regs = new HashMap<>();
        localSyms = new HashMap<>();
        labels = new HashMap<>();
        consts = new HashMap<>();
        constList = new ArrayList<>();
        constSlotList = new ArrayList<>();
        nextSlot = 0;
        nextPred = 0;
        // registers
        for (PtxAst.Statement s : f.body()) {
            if (s instanceof PtxAst.RegDecl) {
                PtxAst.RegDecl r = (PtxAst.RegDecl) s;
                if (r.vectorWidth() > 0) {
                    throw new UnsupportedPtxException(
                            r.line(), r.column(), ".reg.v" + r.vectorWidth(), "vector registers are not supported");
                }
                if (r.rangeCount() < 0) {
                    declareReg(r.name(), r.type());
                } else {
                    for (int i = 0; i < r.rangeCount(); i++) {
                        declareReg(r.name() + i, r.type());
                    }
                }
            }
        }
        // frame layout: return values, parameters (device functions), then .param and .local variables
        long frame = 0;
        if (!f.isEntry()) {
            info.returnOffsets = new int[f.returns().size()];
            info.returnSizes = new int[f.returns().size()];
            for (int i = 0; i < f.returns().size(); i++) {
                PtxAst.Param p = f.returns().get(i);
                frame = alignUp(frame, p.effectiveAlign());
                info.returnOffsets[i] = (int) frame;
                info.returnSizes[i] = p.byteSize();
                localSyms.put(p.name(), new Sym(StateSpace.LOCAL, frame, p.byteSize(), true, false));
                frame += p.byteSize();
            }
            info.paramOffsets = new int[f.params().size()];
            info.paramSizes = new int[f.params().size()];
            for (int i = 0; i < f.params().size(); i++) {
                PtxAst.Param p = f.params().get(i);
                frame = alignUp(frame, p.effectiveAlign());
                info.paramOffsets[i] = (int) frame;
                info.paramSizes[i] = p.byteSize();
                localSyms.put(p.name(), new Sym(StateSpace.LOCAL, frame, p.byteSize(), true, false));
                frame += p.byteSize();
            }
        } else {
            long off = 0;
            info.paramOffsets = new int[f.params().size()];
            info.paramSizes = new int[f.params().size()];
            List<ParamDecl> decls = new ArrayList<>();
            for (int i = 0; i < f.params().size(); i++) {
                PtxAst.Param p = f.params().get(i);
                off = alignUp(off, p.effectiveAlign());
                info.paramOffsets[i] = (int) off;
                info.paramSizes[i] = p.byteSize();
                localSyms.put(p.name(), new Sym(StateSpace.PARAM, off, p.byteSize(), false, true));
                decls.add(new ParamDecl(p.name(), p.type(), p.byteSize(), p.effectiveAlign()));
                off += p.byteSize();
            }
            info.paramBufferBytes = (int) off;
            info.signature = new KernelSignature(f.name(), decls, f.line());
        }
        Map<PtxAst.VarDecl, Sym> declared = new java.util.IdentityHashMap<>();
        for (PtxAst.Statement s : f.body()) {
            if (s instanceof PtxAst.VarDecl) {
                PtxAst.VarDecl v = (PtxAst.VarDecl) s;
                switch (v.space()) {
                    case PARAM:
                    case LOCAL: {
                        if (v.init() != null) {
                            throw new UnsupportedPtxException(
                                    v.line(), v.column(), ".local", "initialized local variables are not supported");
                        }
                        // every declaration gets its own frame slot: call sites reuse names in separate scopes
                        frame = alignUp(frame, v.effectiveAlign());
                        declared.put(v, new Sym(StateSpace.LOCAL, frame, v.byteSize(), true, false));
                        frame += v.byteSize();
                        break;
                    }
                    case SHARED:
                        declared.put(v, new Sym(StateSpace.SHARED, sharedOffsets.get(v), v.byteSize(), false, false));
                        break;
                    default:
                        throw new UnsupportedPtxException(
                                v.line(),
                                v.column(),
                                "." + v.space().name().toLowerCase(java.util.Locale.ROOT),
                                "function-scope " + v.space().name().toLowerCase(java.util.Locale.ROOT)
                                        + " variables are not supported");
                }
            }
        }
        info.frameBytes = (int) alignUp(frame, 16);
        // labels
        int pc = code.size();
        info.entryPc = pc;
        for (PtxAst.Statement s : f.body()) {
            if (s instanceof PtxAst.Label) {
                PtxAst.Label l = (PtxAst.Label) s;
                if (labels.put(l.name(), pc) != null) {
                    throw new PtxSyntaxException(l.line(), l.column(), "label " + l.name() + " defined twice");
                }
            } else if (s instanceof PtxAst.Instruction) {
                pc++;
            }
        }
        info.exitPc = pc;
        // instructions, with block scoping of variables
        scopes = new java.util.ArrayDeque<>();
        scopes.push(localSyms);
        for (PtxAst.Statement s : f.body()) {
            if (s instanceof PtxAst.ScopeMark) {
                if (((PtxAst.ScopeMark) s).open()) {
                    scopes.push(new HashMap<>());
                } else {
                    scopes.pop();
                }
            } else if (s instanceof PtxAst.VarDecl) {
                scopes.peek().put(((PtxAst.VarDecl) s).name(), declared.get(s));
            } else if (s instanceof PtxAst.Instruction) {
                PtxAst.Instruction in = (PtxAst.Instruction) s;
                Insn insn;
                curSrc = new ArrayList<>();
                curDst = new ArrayList<>();
                try {
                    insn = lowerInstruction(in);
                    applyGuard(insn, in);
                } catch (PtxException e) {
                    if (sink == null) {
                        throw e;
                    }
                    sink.unsupported(in, e);
                    insn = new Insn(Op.TRAP, in.line(), in.opcodeWithModifiers());
                    insn.cls = InstructionClass.BRANCH;
                }
                insn.srcRegs = toArray(curSrc);
                insn.dstRegs = toArray(curDst);
                insn.pc = code.size();
                code.add(insn);
            }
        }
        Insn exit = new Insn(Op.RET_EXIT, lastLine(f), "ret");
        exit.cls = InstructionClass.BRANCH;
        exit.callee = info.index;
        exit.pc = code.size();
        code.add(exit);
        info.slots = nextSlot;
        info.preds = nextPred;
        info.constSlots = toArray(constSlotList);
        info.constValues = new long[constList.size()];
        for (int i = 0; i < constList.size(); i++) {
            info.constValues[i] = constList.get(i);
        }
    }

    private static int lastLine(PtxAst.Function f) {
        int line = f.line();
        for (PtxAst.Statement s : f.body()) {
            if (s instanceof PtxAst.Instruction) {
                line = ((PtxAst.Instruction) s).line();
            }
        }
        return line;
    }

    private static int[] toArray(List<Integer> l) {
        int[] a = new int[l.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = l.get(i);
        }
        return a;
    }

    private void declareReg(String name, PtxType type) {
        if (regs.containsKey(name)) {
            return; // redeclared in another scope: same register
        }
        if (type == PtxType.PRED) {
            regs.put(name, new RegInfo(nextPred++, type, true));
        } else {
            regs.put(name, new RegInfo(nextSlot++, type, false));
        }
    }

    private void computeReconvergence(Insn[] arr, FunctionInfo f) {
        int start = f.entryPc;
        int end = f.exitPc;
        ControlFlowGraph g = ControlFlowGraph.build(start, end, pc -> successors(arr, pc, f));
        for (int pc = start; pc <= end; pc++) {
            Insn in = arr[pc];
            if (in.op == Op.BRA) {
                in.rpc = g.reconvergencePc(pc);
            }
        }
    }

    private static int[] successors(Insn[] arr, int pc, FunctionInfo f) {
        Insn in = arr[pc];
        switch (in.op) {
            case Op.BRA:
                if (in.guard < 0) {
                    return new int[] {in.target};
                }
                return in.target == pc + 1 ? new int[] {pc + 1} : new int[] {in.target, pc + 1};
            case Op.RET_EXIT:
                return new int[0];
            case Op.EXIT:
            case Op.TRAP:
                return in.guard < 0 ? new int[] {f.exitPc} : new int[] {f.exitPc, pc + 1};
            default:
                return new int[] {pc + 1};
        }
    }

    // ------------------------------------------------------------------ operands

    private PtxException unsupported(PtxAst.Instruction in, String why) {
        return new UnsupportedPtxException(in.line(), in.column(), in.opcodeWithModifiers(), why);
    }

    private PtxException syntax(PtxAst.Instruction in, String why) {
        return new PtxSyntaxException(in.line(), in.column(), in.opcodeWithModifiers() + ": " + why);
    }

    private int constSlot(long value) {
        Integer s = consts.get(value);
        if (s == null) {
            s = nextSlot++;
            consts.put(value, s);
            constList.add(value);
            constSlotList.add(s);
        }
        return s * stride;
    }

    private RegInfo lookupReg(PtxAst.Operand o) {
        if (o instanceof PtxAst.Name) {
            PtxAst.Name n = (PtxAst.Name) o;
            if (n.offset() == 0) {
                return regs.get(n.name());
            }
        }
        return null;
    }

    private Sym lookupSym(String name) {
        for (Map<String, Sym> scope : scopes) {
            Sym s = scope.get(name);
            if (s != null) {
                return s;
            }
        }
        return moduleSyms.get(name);
    }

    /** A destination register (slot base). */
    private int dst(PtxAst.Instruction in, PtxAst.Operand o) {
        RegInfo r = lookupReg(o);
        if (r == null || r.pred()) {
            throw syntax(in, "expected a destination register, found " + describe(o));
        }
        curDst.add(r.slot());
        return r.slot() * stride;
    }

    /** A destination predicate (index). */
    private int dstPred(PtxAst.Instruction in, PtxAst.Operand o) {
        if (o instanceof PtxAst.Sink) {
            return -1;
        }
        RegInfo r = lookupReg(o);
        if (r == null || !r.pred()) {
            throw syntax(in, "expected a destination predicate, found " + describe(o));
        }
        return r.slot();
    }

    /** A source predicate (index); negation is handled by the caller. */
    private int srcPred(PtxAst.Instruction in, PtxAst.Operand o) {
        if (o instanceof PtxAst.Negated) {
            o = ((PtxAst.Negated) o).operand();
        }
        RegInfo r = lookupReg(o);
        if (r == null || !r.pred()) {
            throw syntax(in, "expected a predicate, found " + describe(o));
        }
        return r.slot();
    }

    /** A source: a register, an immediate (as a constant slot) or the address of a variable. */
    private int src(PtxAst.Instruction in, PtxAst.Operand o, PtxType t) {
        if (o instanceof PtxAst.IntLit || o instanceof PtxAst.FloatLit) {
            return constSlot(immediateBits(o, t, in.line(), in.column()));
        }
        if (o instanceof PtxAst.Name) {
            PtxAst.Name n = (PtxAst.Name) o;
            RegInfo r = n.offset() == 0 ? regs.get(n.name()) : null;
            if (r != null) {
                if (r.pred()) {
                    throw syntax(in, "predicate " + n.name() + " used as a data operand");
                }
                curSrc.add(r.slot());
                return r.slot() * stride;
            }
            if (Op.specialRegister(n.name()) >= 0) {
                throw unsupported(in, "special register " + n.name() + " is only supported as the source of mov/cvt");
            }
            Sym s = lookupSym(n.name());
            if (s != null) {
                if (s.frame()) {
                    throw unsupported(in, "the address of local variable " + n.name() + " is only supported in mov");
                }
                return constSlot(s.addr() + n.offset());
            }
            if (funcIndex.containsKey(n.name())) {
                throw unsupported(in, "function pointers are not supported");
            }
            throw syntax(in, "unknown register or symbol " + n.name());
        }
        throw syntax(in, "expected a register or immediate, found " + describe(o));
    }

    private static String describe(PtxAst.Operand o) {
        if (o instanceof PtxAst.Name) {
            return ((PtxAst.Name) o).name();
        }
        return o.getClass().getSimpleName().toLowerCase(java.util.Locale.ROOT);
    }

    private void applyGuard(Insn insn, PtxAst.Instruction in) {
        if (in.guard() != null) {
            RegInfo r = regs.get(in.guard());
            if (r == null || !r.pred()) {
                throw syntax(in, "guard " + in.guard() + " is not a predicate register");
            }
            insn.guard = r.slot();
            insn.guardNeg = in.guardNegated();
        }
    }

    private static void expectOperands(PtxAst.Instruction in, int n) {
        if (in.operands().size() != n) {
            throw new PtxSyntaxException(
                    in.line(),
                    in.column(),
                    in.opcodeWithModifiers() + " expects " + n + " operands, found "
                            + in.operands().size());
        }
    }

    // ------------------------------------------------------------------ modifiers

    /** The type modifiers in order. */
    private static List<PtxType> types(PtxAst.Instruction in) {
        List<PtxType> l = new ArrayList<>();
        for (String m : in.modifiers()) {
            PtxType t = PtxType.fromName(m.substring(1));
            if (t != null) {
                l.add(t);
            }
        }
        return l;
    }

    private PtxType lastType(PtxAst.Instruction in) {
        List<PtxType> l = types(in);
        if (l.isEmpty()) {
            throw syntax(in, "missing type modifier");
        }
        return l.get(l.size() - 1);
    }

    private static int rounding(PtxAst.Instruction in) {
        for (String m : in.modifiers()) {
            switch (m) {
                case ".rn":
                    return Op.RND_RN;
                case ".rz":
                    return Op.RND_RZ;
                case ".rm":
                    return Op.RND_RM;
                case ".rp":
                    return Op.RND_RP;
                case ".rni":
                    return Op.RND_RNI;
                case ".rzi":
                    return Op.RND_RZI;
                case ".rmi":
                    return Op.RND_RMI;
                case ".rpi":
                    return Op.RND_RPI;
                default:
            }
        }
        return Op.RND_NONE;
    }

    private static int cmpOp(String m) {
        switch (m) {
            case ".eq":
                return Op.CMP_EQ;
            case ".ne":
                return Op.CMP_NE;
            case ".lt":
                return Op.CMP_LT;
            case ".le":
                return Op.CMP_LE;
            case ".gt":
                return Op.CMP_GT;
            case ".ge":
                return Op.CMP_GE;
            case ".lo":
                return Op.CMP_LO;
            case ".ls":
                return Op.CMP_LS;
            case ".hi":
                return Op.CMP_HI;
            case ".hs":
                return Op.CMP_HS;
            case ".equ":
                return Op.CMP_EQU;
            case ".neu":
                return Op.CMP_NEU;
            case ".ltu":
                return Op.CMP_LTU;
            case ".leu":
                return Op.CMP_LEU;
            case ".gtu":
                return Op.CMP_GTU;
            case ".geu":
                return Op.CMP_GEU;
            case ".num":
                return Op.CMP_NUM;
            case ".nan":
                return Op.CMP_NAN;
            default:
                return -1;
        }
    }

    private static int boolOp(String m) {
        switch (m) {
            case ".and":
                return Op.BOOL_AND;
            case ".or":
                return Op.BOOL_OR;
            case ".xor":
                return Op.BOOL_XOR;
            default:
                return -1;
        }
    }

    private static int spaceOf(PtxAst.Instruction in) {
        for (String m : in.modifiers()) {
            switch (m) {
                case ".global":
                    return StateSpace.GLOBAL;
                case ".shared":
                case ".shared::cta":
                    return StateSpace.SHARED;
                case ".local":
                    return StateSpace.LOCAL;
                case ".const":
                    return StateSpace.CONST;
                case ".param":
                case ".param::entry":
                case ".param::func":
                    return StateSpace.PARAM;
                default:
            }
        }
        return StateSpace.GENERIC;
    }

    private static int vectorWidth(PtxAst.Instruction in) {
        for (String m : in.modifiers()) {
            if (m.equals(".v2")) {
                return 2;
            }
            if (m.equals(".v4")) {
                return 4;
            }
            if (m.equals(".v8")) {
                return 8;
            }
        }
        return 1;
    }

    private void rejectUnknownModifiers(PtxAst.Instruction in, String... allowed) {
        outer:
        for (String m : in.modifiers()) {
            if (PtxType.fromName(m.substring(1)) != null) {
                continue;
            }
            for (String a : allowed) {
                if (a.equals(m)) {
                    continue outer;
                }
            }
            throw unsupported(in, "modifier " + m + " is not supported");
        }
    }

    // ------------------------------------------------------------------ instructions

    private Insn insn(int op, PtxAst.Instruction in) {
        return new Insn(op, in.line(), in.opcodeWithModifiers());
    }

    private Insn lowerInstruction(PtxAst.Instruction in) {
        switch (in.opcode()) {
            case "mov":
                return lowerMov(in);
            case "ld":
            case "ldu":
                return lowerLoad(in);
            case "st":
                return lowerStore(in);
            case "cvta":
                return lowerCvta(in);
            case "isspacep":
                return lowerIsspacep(in);
            case "cvt":
                return lowerCvt(in);
            case "add":
            case "sub":
            case "addc":
            case "subc":
            case "mul":
            case "mad":
            case "madc":
            case "mul24":
            case "mad24":
            case "div":
            case "rem":
            case "abs":
            case "neg":
            case "min":
            case "max":
            case "sad":
                return lowerArith(in);
            case "fma":
                return lowerFloat(in, Op.F_FMA, 3);
            case "rcp":
            case "sqrt":
            case "rsqrt":
            case "ex2":
            case "lg2":
            case "sin":
            case "cos":
            case "tanh":
                return lowerSfu(in);
            case "copysign":
                return lowerFloat(in, Op.F_COPYSIGN, 2);
            case "testp":
                return lowerTestp(in);
            case "and":
            case "or":
            case "xor":
            case "not":
            case "cnot":
                return lowerLogic(in);
            case "shl":
            case "shr":
                return lowerShift(in);
            case "popc":
            case "clz":
            case "brev":
            case "bfind":
            case "bfe":
            case "bfi":
            case "prmt":
            case "shf":
            case "lop3":
            case "dp4a":
            case "dp2a":
            case "bmsk":
            case "szext":
                return lowerBits(in);
            case "setp":
                return lowerSetp(in);
            case "set":
                return lowerSet(in);
            case "selp":
                return lowerSelp(in);
            case "slct":
                return lowerSlct(in);
            case "bra":
                return lowerBra(in);
            case "call":
                return lowerCall(in);
            case "ret":
                return lowerRet(in);
            case "exit":
                return lowerExit(in);
            case "trap":
            case "brkpt": {
                Insn i = insn(Op.TRAP, in);
                i.cls = InstructionClass.BRANCH;
                return i;
            }
            case "bar":
            case "barrier":
                return lowerBarrier(in);
            case "membar":
            case "fence": {
                Insn i = insn(Op.MEMBAR, in);
                i.cls = InstructionClass.BARRIER;
                return i;
            }
            case "atom":
            case "red":
                return lowerAtom(in);
            case "vote":
                return lowerVote(in);
            case "shfl":
                return lowerShfl(in);
            case "activemask": {
                expectOperands(in, 1);
                Insn i = insn(Op.ACTIVEMASK, in);
                i.d = dst(in, in.operands().get(0));
                i.cls = InstructionClass.BARRIER;
                return i;
            }
            case "match":
                return lowerMatch(in);
            case "tx": {
                // extension instructions for transactional memory (Fung thesis §4.2.1): tx.begin; tx.commit;
                expectOperands(in, 0);
                Insn i;
                if (in.has(".begin") && in.modifiers().size() == 1) {
                    i = insn(Op.TX_BEGIN, in);
                } else if (in.has(".commit") && in.modifiers().size() == 1) {
                    i = insn(Op.TX_COMMIT, in);
                } else {
                    throw syntax(in, "expected tx.begin or tx.commit");
                }
                i.cls = InstructionClass.BRANCH;
                return i;
            }
            case "prefetch":
            case "prefetchu":
            case "nanosleep":
            case "pmevent":
            case "discard":
            case "applypriority": {
                Insn i = insn(Op.NOP, in);
                i.cls = in.opcode().startsWith("prefetch") || in.opcode().equals("discard")
                        ? InstructionClass.MEM
                        : InstructionClass.ALU;
                return i;
            }
            default:
                throw unsupported(in, "the instruction " + in.opcode() + " is not supported by the software GPU");
        }
    }

    private Insn lowerMov(PtxAst.Instruction in) {
        expectOperands(in, 2);
        PtxType t = lastType(in);
        PtxAst.Operand d = in.operands().get(0);
        PtxAst.Operand a = in.operands().get(1);
        if (t == PtxType.PRED) {
            if (a instanceof PtxAst.IntLit) {
                Insn i = insn(Op.PRED_SET, in);
                i.d = dstPred(in, d);
                i.imm = ((PtxAst.IntLit) a).value() != 0 ? 1 : 0;
                return i;
            }
            Insn i = insn(Op.MOV_PRED, in);
            i.d = dstPred(in, d);
            i.a = srcPred(in, a);
            i.aNeg = a instanceof PtxAst.Negated;
            return i;
        }
        if (d instanceof PtxAst.Vector) {
            Insn i = insn(Op.UNPACK, in);
            List<PtxAst.Operand> els = ((PtxAst.Vector) d).elements();
            i.vec = new int[els.size()];
            for (int k = 0; k < els.size(); k++) {
                i.vec[k] = els.get(k) instanceof PtxAst.Sink ? -1 : dst(in, els.get(k));
            }
            i.a = src(in, a, t);
            i.width = t.bits() / els.size();
            i.setType(t);
            return i;
        }
        if (a instanceof PtxAst.Vector) {
            Insn i = insn(Op.PACK, in);
            List<PtxAst.Operand> els = ((PtxAst.Vector) a).elements();
            i.vec = new int[els.size()];
            for (int k = 0; k < els.size(); k++) {
                i.vec[k] = src(in, els.get(k), PtxType.B64);
            }
            i.d = dst(in, d);
            i.width = t.bits() / els.size();
            i.setType(t);
            return i;
        }
        if (a instanceof PtxAst.Name) {
            PtxAst.Name n = (PtxAst.Name) a;
            int sr = Op.specialRegister(n.name());
            if (sr >= 0 && !regs.containsKey(n.name())) {
                Insn i = insn(Op.MOV_SREG, in);
                i.d = dst(in, d);
                i.sub = sr;
                return i;
            }
            if (!regs.containsKey(n.name())) {
                Sym s = lookupSym(n.name());
                if (s != null && s.frame()) {
                    Insn i = insn(Op.MOV_LOCAL_ADDR, in);
                    i.d = dst(in, d);
                    i.imm = s.addr() + n.offset();
                    return i;
                }
            }
        }
        Insn i = insn(Op.MOV, in);
        i.d = dst(in, d);
        i.a = src(in, a, t);
        i.setType(t);
        return i;
    }

    /** Fills space, address mode, base and offset of a memory access from its address operand. */
    private void resolveAddress(PtxAst.Instruction in, Insn i, PtxAst.Operand o, int space) {
        if (!(o instanceof PtxAst.Address)) {
            throw syntax(in, "expected an address [..], found " + describe(o));
        }
        PtxAst.Address addr = (PtxAst.Address) o;
        if (addr.composite() != null) {
            throw unsupported(in, "texture and surface addresses are not supported");
        }
        i.space = space;
        if (addr.base() == null) {
            i.addrMode = Insn.ADDR_ABS;
            i.imm = addr.offset();
            return;
        }
        RegInfo r = regs.get(addr.base());
        if (r != null) {
            if (r.pred()) {
                throw syntax(in, "predicate used as an address");
            }
            curSrc.add(r.slot());
            i.addrMode = Insn.ADDR_REG;
            i.a = r.slot() * stride;
            i.imm = addr.offset();
            if (space == StateSpace.PARAM && !fn.isEntry) {
                i.space = StateSpace.LOCAL; // device-function params live in the local frame
            }
            return;
        }
        Sym s = lookupSym(addr.base());
        if (s == null) {
            if (funcIndex.containsKey(addr.base())) {
                throw unsupported(in, "addressing a function is not supported");
            }
            throw syntax(in, "unknown register or variable " + addr.base());
        }
        if (s.frame()) {
            if (space != StateSpace.LOCAL && space != StateSpace.PARAM && space != StateSpace.GENERIC) {
                throw syntax(in, addr.base() + " is a local or parameter variable, not in " + StateSpace.name(space));
            }
            i.space = StateSpace.LOCAL;
            i.addrMode = Insn.ADDR_FRAME;
            i.imm = s.addr() + addr.offset();
            return;
        }
        if (space == StateSpace.GENERIC) {
            i.space = s.space();
        } else if (space != s.space()) {
            throw syntax(
                    in,
                    addr.base() + " is in the " + StateSpace.name(s.space()) + " space, not " + StateSpace.name(space));
        }
        i.addrMode = Insn.ADDR_ABS;
        i.imm = s.addr() + addr.offset();
    }

    private static final String[] LDST_MODS = {
        ".global",
        ".shared",
        ".shared::cta",
        ".local",
        ".const",
        ".param",
        ".param::entry",
        ".param::func",
        ".nc",
        ".volatile",
        ".relaxed",
        ".acquire",
        ".release",
        ".weak",
        ".mmio",
        ".gpu",
        ".cta",
        ".sys",
        ".ca",
        ".cg",
        ".cs",
        ".lu",
        ".cv",
        ".wb",
        ".wt",
        ".v2",
        ".v4",
        ".L1::evict_normal",
        ".L1::evict_unchanged",
        ".L1::evict_first",
        ".L1::evict_last",
        ".L1::no_allocate",
        ".L2::evict_normal",
        ".L2::evict_first",
        ".L2::evict_last",
        ".L2::64B",
        ".L2::128B",
        ".L2::256B"
    };

    private Insn lowerLoad(PtxAst.Instruction in) {
        expectOperands(in, 2);
        rejectUnknownModifiers(in, LDST_MODS);
        PtxType t = lastType(in);
        if (t == PtxType.PRED) {
            throw unsupported(in, "predicate loads are not supported");
        }
        int n = vectorWidth(in);
        int space = spaceOf(in);
        Insn i = insn(Op.LD, in);
        i.cls = InstructionClass.MEM;
        i.setType(t);
        i.width = t.byteSize();
        PtxAst.Operand d = in.operands().get(0);
        if (n > 1) {
            if (!(d instanceof PtxAst.Vector) || ((PtxAst.Vector) d).elements().size() != n) {
                throw syntax(in, "expected a vector of " + n + " destination registers");
            }
            List<PtxAst.Operand> els = ((PtxAst.Vector) d).elements();
            i.vec = new int[n];
            for (int k = 0; k < n; k++) {
                i.vec[k] = els.get(k) instanceof PtxAst.Sink ? -1 : dst(in, els.get(k));
            }
        } else {
            i.d = dst(in, d);
        }
        resolveAddress(in, i, in.operands().get(1), space);
        if (i.space == StateSpace.PARAM && i.addrMode == Insn.ADDR_ABS && n == 1) {
            Insn k = insn(Op.LD_KPARAM, in);
            k.cls = InstructionClass.MEM;
            k.setType(t);
            k.width = i.width;
            k.d = i.d;
            k.imm = i.imm;
            k.space = StateSpace.PARAM;
            k.addrMode = Insn.ADDR_ABS;
            return k;
        }
        if (n == 1 && i.addrMode == Insn.ADDR_REG) {
            if (i.space == StateSpace.GLOBAL && i.width == 4) {
                return respecialize(i, Op.LD_GLOBAL_32, in);
            }
            if (i.space == StateSpace.GLOBAL && i.width == 8) {
                return respecialize(i, Op.LD_GLOBAL_64, in);
            }
            if (i.space == StateSpace.SHARED && i.width == 4) {
                return respecialize(i, Op.LD_SHARED_32, in);
            }
        }
        return i;
    }

    private Insn respecialize(Insn i, int op, PtxAst.Instruction in) {
        Insn k = insn(op, in);
        k.cls = i.cls;
        k.setType(i.type);
        k.width = i.width;
        k.d = i.d;
        k.b = i.b;
        k.a = i.a;
        k.imm = i.imm;
        k.space = i.space;
        k.addrMode = i.addrMode;
        return k;
    }

    private Insn lowerStore(PtxAst.Instruction in) {
        expectOperands(in, 2);
        rejectUnknownModifiers(in, LDST_MODS);
        PtxType t = lastType(in);
        if (t == PtxType.PRED) {
            throw unsupported(in, "predicate stores are not supported");
        }
        int n = vectorWidth(in);
        int space = spaceOf(in);
        Insn i = insn(Op.ST, in);
        i.cls = InstructionClass.MEM;
        i.setType(t);
        i.width = t.byteSize();
        resolveAddress(in, i, in.operands().get(0), space);
        if (i.space == StateSpace.PARAM || i.space == StateSpace.CONST) {
            throw syntax(in, "stores to the " + StateSpace.name(i.space) + " space are not allowed");
        }
        PtxAst.Operand s = in.operands().get(1);
        if (n > 1) {
            if (!(s instanceof PtxAst.Vector) || ((PtxAst.Vector) s).elements().size() != n) {
                throw syntax(in, "expected a vector of " + n + " source registers");
            }
            List<PtxAst.Operand> els = ((PtxAst.Vector) s).elements();
            i.vec = new int[n];
            for (int k = 0; k < n; k++) {
                i.vec[k] = src(in, els.get(k), t);
            }
        } else {
            i.b = src(in, s, t);
        }
        if (n == 1 && i.addrMode == Insn.ADDR_REG) {
            if (i.space == StateSpace.GLOBAL && i.width == 4) {
                return respecialize(i, Op.ST_GLOBAL_32, in);
            }
            if (i.space == StateSpace.GLOBAL && i.width == 8) {
                return respecialize(i, Op.ST_GLOBAL_64, in);
            }
            if (i.space == StateSpace.SHARED && i.width == 4) {
                return respecialize(i, Op.ST_SHARED_32, in);
            }
        }
        return i;
    }

    private Insn lowerCvta(PtxAst.Instruction in) {
        expectOperands(in, 2);
        boolean to = in.has(".to");
        int space = spaceOf(in);
        if (space == StateSpace.GENERIC) {
            throw syntax(in, "cvta needs a state space");
        }
        PtxType t = lastType(in);
        PtxAst.Operand a = in.operands().get(1);
        if (a instanceof PtxAst.Name && !regs.containsKey(((PtxAst.Name) a).name())) {
            PtxAst.Name n = (PtxAst.Name) a;
            Sym s = lookupSym(n.name());
            if (s != null && !to && !s.frame()) {
                Insn i = insn(Op.MOV, in);
                i.d = dst(in, in.operands().get(0));
                i.a = constSlot(s.addr() + n.offset() + StateSpace.window(s.space()));
                i.setType(t);
                return i;
            }
            if (s != null && s.frame() && !to) {
                Insn i = insn(Op.MOV_LOCAL_ADDR, in);
                i.d = dst(in, in.operands().get(0));
                i.imm = s.addr() + n.offset();
                i.sub = 1; // generic
                return i;
            }
        }
        if (space == StateSpace.GLOBAL) {
            Insn i = insn(Op.MOV, in);
            i.d = dst(in, in.operands().get(0));
            i.a = src(in, a, t);
            i.setType(t);
            return i;
        }
        Insn i = insn(to ? Op.CVTA_TO_SPACE : Op.CVTA_TO_GENERIC, in);
        i.d = dst(in, in.operands().get(0));
        i.a = src(in, a, t);
        i.space = space;
        i.imm = StateSpace.window(space);
        i.setType(t);
        return i;
    }

    private Insn lowerIsspacep(PtxAst.Instruction in) {
        expectOperands(in, 2);
        Insn i = insn(Op.ISSPACEP, in);
        i.d = dstPred(in, in.operands().get(0));
        i.a = src(in, in.operands().get(1), PtxType.U64);
        i.space = spaceOf(in);
        return i;
    }

    private Insn lowerCvt(PtxAst.Instruction in) {
        expectOperands(in, 2);
        rejectUnknownModifiers(in, ".rn", ".rz", ".rm", ".rp", ".rni", ".rzi", ".rmi", ".rpi", ".ftz", ".sat");
        List<PtxType> ts = types(in);
        if (ts.size() != 2) {
            throw syntax(in, "cvt needs a destination and a source type");
        }
        PtxType dt = ts.get(0);
        PtxType st = ts.get(1);
        if (dt == PtxType.PRED || st == PtxType.PRED) {
            throw syntax(in, "cvt does not convert predicates");
        }
        int rnd = rounding(in);
        boolean sat = in.has(".sat");
        boolean ftz = in.has(".ftz");
        PtxAst.Operand a = in.operands().get(1);
        if (a instanceof PtxAst.Name
                && Op.specialRegister(((PtxAst.Name) a).name()) >= 0
                && !regs.containsKey(((PtxAst.Name) a).name())) {
            Insn s = insn(Op.MOV_SREG, in);
            s.d = dst(in, in.operands().get(0));
            s.sub = Op.specialRegister(((PtxAst.Name) a).name());
            if (dt.bits() < 32 || dt.isFloat()) {
                throw unsupported(in, "cvt of a special register to " + dt.ptxName());
            }
            return s;
        }
        if (dt.isFloat() && st.isFloat()) {
            if (dt.bits() < st.bits() && rnd == Op.RND_NONE) {
                throw syntax(in, "a narrowing float conversion needs a rounding modifier");
            }
        } else if (dt.isInteger() && st.isFloat()) {
            if (rnd == Op.RND_NONE) {
                throw syntax(in, "float-to-integer cvt needs .rni, .rzi, .rmi or .rpi");
            }
        } else if (dt.isFloat() && st.isInteger()) {
            if (rnd == Op.RND_NONE) {
                throw syntax(in, "integer-to-float cvt needs .rn, .rz, .rm or .rp");
            }
        }
        Insn i;
        if (dt.isInteger() && st.isInteger() && !sat) {
            if (dt.bits() == 64 && st == PtxType.U32) {
                i = insn(Op.CVT_U64_U32, in);
            } else if (dt.bits() == 64 && st == PtxType.S32) {
                i = insn(Op.CVT_S64_S32, in);
            } else {
                i = insn(Op.CVT, in);
            }
        } else {
            i = insn(Op.CVT, in);
        }
        i.d = dst(in, in.operands().get(0));
        i.a = src(in, a, st);
        i.setType(dt);
        i.type2 = st;
        i.rnd = rnd;
        i.sat = sat;
        i.ftz = ftz;
        return i;
    }

    private Insn lowerArith(PtxAst.Instruction in) {
        String op = in.opcode();
        PtxType t = lastType(in);
        if (t == PtxType.F16
                || in.modifiers().contains(".f16x2")
                || in.modifiers().contains(".bf16")) {
            throw unsupported(in, "half-precision arithmetic is not supported");
        }
        if (t.isFloat()) {
            switch (op) {
                case "add":
                    return lowerFloat(in, Op.F_ADD, 2);
                case "sub":
                    return lowerFloat(in, Op.F_SUB, 2);
                case "mul":
                    return lowerFloat(in, Op.F_MUL, 2);
                case "mad":
                    return lowerFloat(in, Op.F_FMA, 3);
                case "div":
                    if (in.has(".approx")) {
                        return lowerFloat(in, Op.F_DIV_APPROX, 2);
                    }
                    if (in.has(".full")) {
                        return lowerFloat(in, Op.F_DIV_FULL, 2);
                    }
                    return lowerFloat(in, Op.F_DIV, 2);
                case "abs":
                    return lowerFloat(in, Op.F_ABS, 1);
                case "neg":
                    return lowerFloat(in, Op.F_NEG, 1);
                case "min":
                    return lowerFloat(in, in.has(".NaN") ? Op.F_MIN_NAN : Op.F_MIN, 2);
                case "max":
                    return lowerFloat(in, in.has(".NaN") ? Op.F_MAX_NAN : Op.F_MAX, 2);
                default:
                    throw unsupported(in, op + " is not defined for floating-point types");
            }
        }
        rejectUnknownModifiers(in, ".lo", ".hi", ".wide", ".cc", ".sat");
        boolean cc = in.has(".cc");
        boolean lo = in.has(".lo");
        boolean hi = in.has(".hi");
        boolean wide = in.has(".wide");
        boolean sat = in.has(".sat");
        if (op.equals("addc") || op.equals("subc") || op.equals("madc") || cc) {
            return lowerCarry(in, t);
        }
        int sub;
        int nsrc = 2;
        switch (op) {
            case "add":
                sub = sat ? Op.I_ADD_SAT : Op.I_ADD;
                break;
            case "sub":
                sub = sat ? Op.I_SUB_SAT : Op.I_SUB;
                break;
            case "mul":
                sub = hi ? Op.I_MUL_HI : wide ? Op.I_MUL_WIDE : Op.I_MUL_LO;
                if (!lo && !hi && !wide) {
                    throw syntax(in, "integer mul needs .lo, .hi or .wide");
                }
                break;
            case "mad":
                nsrc = 3;
                sub = hi ? (sat ? Op.I_MAD_HI_SAT : Op.I_MAD_HI) : wide ? Op.I_MAD_WIDE : Op.I_MAD_LO;
                if (!lo && !hi && !wide) {
                    throw syntax(in, "integer mad needs .lo, .hi or .wide");
                }
                break;
            case "mul24":
                sub = hi ? Op.I_MUL24_HI : Op.I_MUL24_LO;
                break;
            case "mad24":
                nsrc = 3;
                sub = hi ? Op.I_MAD24_HI : Op.I_MAD24_LO;
                if (sat) {
                    throw unsupported(in, "mad24.hi.sat is not supported");
                }
                break;
            case "div":
                sub = Op.I_DIV;
                break;
            case "rem":
                sub = Op.I_REM;
                break;
            case "abs":
                sub = Op.I_ABS;
                nsrc = 1;
                break;
            case "neg":
                sub = Op.I_NEG;
                nsrc = 1;
                break;
            case "min":
                sub = Op.I_MIN;
                break;
            case "max":
                sub = Op.I_MAX;
                break;
            case "sad":
                sub = Op.I_SAD;
                nsrc = 3;
                break;
            default:
                throw unsupported(in, op);
        }
        expectOperands(in, nsrc + 1);
        if (sat && t != PtxType.S32) {
            throw syntax(in, ".sat is only defined for .s32");
        }
        int hot = -1;
        boolean is32 = t.bits() == 32;
        boolean is64 = t.bits() == 64;
        if (sub == Op.I_ADD && is32) {
            hot = Op.ADD_I32;
        } else if (sub == Op.I_ADD && is64) {
            hot = Op.ADD_I64;
        } else if (sub == Op.I_SUB && is32) {
            hot = Op.SUB_I32;
        } else if (sub == Op.I_SUB && is64) {
            hot = Op.SUB_I64;
        } else if (sub == Op.I_MUL_LO && is32) {
            hot = Op.MUL_LO_I32;
        } else if (sub == Op.I_MUL_LO && is64) {
            hot = Op.MUL_LO_I64;
        } else if (sub == Op.I_MAD_LO && is32) {
            hot = Op.MAD_LO_I32;
        } else if (sub == Op.I_MAD_LO && is64) {
            hot = Op.MAD_LO_I64;
        } else if (sub == Op.I_MUL_WIDE && t == PtxType.S32) {
            hot = Op.MUL_WIDE_S32;
        } else if (sub == Op.I_MUL_WIDE && t == PtxType.U32) {
            hot = Op.MUL_WIDE_U32;
        }
        if ((sub == Op.I_MUL_WIDE || sub == Op.I_MAD_WIDE) && is64) {
            throw syntax(in, ".wide is only defined for 16- and 32-bit types");
        }
        Insn i = insn(hot >= 0 ? hot : Op.IALU, in);
        i.sub = sub;
        i.setType(t);
        i.d = dst(in, in.operands().get(0));
        i.a = src(in, in.operands().get(1), t);
        if (nsrc >= 2) {
            i.b = src(in, in.operands().get(2), t);
        }
        if (nsrc >= 3) {
            PtxType ct = (sub == Op.I_MAD_WIDE) ? PtxType.fromName((t.isSigned() ? "s" : "u") + (t.bits() * 2)) : t;
            i.c = src(in, in.operands().get(3), ct);
        }
        if (sub == Op.I_DIV || sub == Op.I_REM) {
            i.cls = InstructionClass.SFU;
        }
        return i;
    }

    private Insn lowerCarry(PtxAst.Instruction in, PtxType t) {
        String op = in.opcode();
        if (t.bits() != 32 && t.bits() != 64) {
            throw unsupported(in, "carry arithmetic is only defined for 32- and 64-bit types");
        }
        Insn i = insn(Op.CARRY, in);
        i.setType(t);
        boolean carryIn = op.endsWith("c");
        boolean carryOut = in.has(".cc");
        int nsrc;
        switch (op) {
            case "add":
            case "addc":
                i.sub = Op.CC_ADD;
                nsrc = 2;
                break;
            case "sub":
            case "subc":
                i.sub = Op.CC_SUB;
                nsrc = 2;
                break;
            case "mad":
            case "madc":
                i.sub = in.has(".hi") ? Op.CC_MAD_HI : Op.CC_MAD_LO;
                if (!in.has(".hi") && !in.has(".lo")) {
                    throw syntax(in, "mad with carry needs .lo or .hi");
                }
                nsrc = 3;
                break;
            default:
                throw unsupported(in, op);
        }
        expectOperands(in, nsrc + 1);
        i.sub2 = (carryIn ? 1 : 0) | (carryOut ? 2 : 0);
        i.d = dst(in, in.operands().get(0));
        i.a = src(in, in.operands().get(1), t);
        i.b = src(in, in.operands().get(2), t);
        if (nsrc == 3) {
            i.c = src(in, in.operands().get(3), t);
        }
        return i;
    }

    private Insn lowerFloat(PtxAst.Instruction in, int sub, int nsrc) {
        rejectUnknownModifiers(in, ".rn", ".rz", ".rm", ".rp", ".ftz", ".sat", ".approx", ".full", ".NaN");
        expectOperands(in, nsrc + 1);
        PtxType t = lastType(in);
        if (t != PtxType.F32 && t != PtxType.F64) {
            throw unsupported(in, "floating-point " + in.opcode() + " is only supported for .f32 and .f64");
        }
        int rnd = rounding(in);
        boolean ftz = in.has(".ftz");
        boolean sat = in.has(".sat");
        if (sub == Op.F_DIV && rnd == Op.RND_NONE) {
            throw syntax(in, "div." + t.ptxName() + " needs .rn, .rz, .rm, .rp, .full or .approx");
        }
        if (sub == Op.F_FMA && rnd == Op.RND_NONE && !in.opcode().equals("mad")) {
            throw syntax(in, "fma needs a rounding modifier");
        }
        if (rnd == Op.RND_NONE) {
            rnd = Op.RND_RN;
        }
        boolean plain = rnd == Op.RND_RN && !ftz && !sat;
        int hot = -1;
        if (plain && t == PtxType.F32) {
            hot = sub == Op.F_ADD
                    ? Op.ADD_F32
                    : sub == Op.F_SUB ? Op.SUB_F32 : sub == Op.F_MUL ? Op.MUL_F32 : sub == Op.F_FMA ? Op.FMA_F32 : -1;
        } else if (plain && t == PtxType.F64) {
            hot = sub == Op.F_ADD
                    ? Op.ADD_F64
                    : sub == Op.F_SUB ? Op.SUB_F64 : sub == Op.F_MUL ? Op.MUL_F64 : sub == Op.F_FMA ? Op.FMA_F64 : -1;
        }
        Insn i = insn(hot >= 0 ? hot : (t == PtxType.F32 ? Op.FALU32 : Op.FALU64), in);
        i.sub = sub;
        i.rnd = rnd;
        i.ftz = ftz;
        i.sat = sat;
        i.setType(t);
        i.d = dst(in, in.operands().get(0));
        i.a = src(in, in.operands().get(1), t);
        if (nsrc >= 2) {
            i.b = src(in, in.operands().get(2), t);
        }
        if (nsrc >= 3) {
            i.c = src(in, in.operands().get(3), t);
        }
        if (sub == Op.F_DIV || sub == Op.F_DIV_APPROX || sub == Op.F_DIV_FULL) {
            i.cls = InstructionClass.SFU;
        }
        return i;
    }

    private Insn lowerSfu(PtxAst.Instruction in) {
        boolean approx = in.has(".approx");
        PtxType t = lastType(in);
        int sub;
        switch (in.opcode()) {
            case "rcp":
                sub = approx ? Op.F_RCP_APPROX : Op.F_RCP;
                break;
            case "sqrt":
                sub = approx ? Op.F_SQRT_APPROX : Op.F_SQRT;
                break;
            case "rsqrt":
                sub = Op.F_RSQRT_APPROX;
                break;
            case "ex2":
                sub = Op.F_EX2;
                break;
            case "lg2":
                sub = Op.F_LG2;
                break;
            case "sin":
                sub = Op.F_SIN;
                break;
            case "cos":
                sub = Op.F_COS;
                break;
            default:
                sub = Op.F_TANH;
        }
        if (!approx
                && (sub == Op.F_RSQRT_APPROX
                        || sub == Op.F_EX2
                        || sub == Op.F_LG2
                        || sub == Op.F_SIN
                        || sub == Op.F_COS
                        || sub == Op.F_TANH)) {
            throw syntax(in, in.opcode() + " needs .approx");
        }
        if ((sub == Op.F_RCP || sub == Op.F_SQRT) && rounding(in) == Op.RND_NONE) {
            throw syntax(in, in.opcode() + " needs .approx or a rounding modifier");
        }
        if (t == PtxType.F64
                && (sub == Op.F_EX2
                        || sub == Op.F_LG2
                        || sub == Op.F_SIN
                        || sub == Op.F_COS
                        || sub == Op.F_TANH
                        || sub == Op.F_SQRT_APPROX)) {
            throw unsupported(in, in.opcode() + ".approx.f64 is not defined");
        }
        Insn i = lowerFloat(in, sub, 1);
        i.cls = InstructionClass.SFU;
        return i;
    }

    private Insn lowerTestp(PtxAst.Instruction in) {
        expectOperands(in, 2);
        Insn i = insn(Op.TESTP, in);
        PtxType t = lastType(in);
        i.setType(t);
        if (in.has(".finite")) {
            i.sub = Op.T_FINITE;
        } else if (in.has(".infinite")) {
            i.sub = Op.T_INFINITE;
        } else if (in.has(".number")) {
            i.sub = Op.T_NUMBER;
        } else if (in.has(".notanumber")) {
            i.sub = Op.T_NOTANUMBER;
        } else if (in.has(".normal")) {
            i.sub = Op.T_NORMAL;
        } else if (in.has(".subnormal")) {
            i.sub = Op.T_SUBNORMAL;
        } else {
            throw syntax(in, "testp needs a test (.finite, .infinite, ...)");
        }
        i.d = dstPred(in, in.operands().get(0));
        i.a = src(in, in.operands().get(1), t);
        return i;
    }

    private Insn lowerLogic(PtxAst.Instruction in) {
        PtxType t = lastType(in);
        String op = in.opcode();
        boolean unary = op.equals("not") || op.equals("cnot");
        expectOperands(in, unary ? 2 : 3);
        if (t == PtxType.PRED) {
            Insn i = insn(Op.PRED_LOGIC, in);
            i.sub = op.equals("and")
                    ? Op.P_AND
                    : op.equals("or") ? Op.P_OR : op.equals("xor") ? Op.P_XOR : op.equals("not") ? Op.P_NOT : Op.P_CNOT;
            i.d = dstPred(in, in.operands().get(0));
            i.a = srcPred(in, in.operands().get(1));
            i.aNeg = in.operands().get(1) instanceof PtxAst.Negated;
            if (!unary) {
                i.b = srcPred(in, in.operands().get(2));
                i.bNeg = in.operands().get(2) instanceof PtxAst.Negated;
            }
            return i;
        }
        if (!t.isInteger()) {
            throw syntax(in, op + " needs a .b, .u or .s type or .pred");
        }
        int opc;
        switch (op) {
            case "and":
                opc = Op.AND_B;
                break;
            case "or":
                opc = Op.OR_B;
                break;
            case "xor":
                opc = Op.XOR_B;
                break;
            default:
                opc = Op.IALU;
        }
        Insn i = insn(opc, in);
        i.sub = op.equals("not") ? Op.I_NOT : op.equals("cnot") ? Op.I_CNOT : -1;
        i.setType(t);
        i.d = dst(in, in.operands().get(0));
        i.a = src(in, in.operands().get(1), t);
        if (!unary) {
            i.b = src(in, in.operands().get(2), t);
        }
        return i;
    }

    private Insn lowerShift(PtxAst.Instruction in) {
        expectOperands(in, 3);
        PtxType t = lastType(in);
        boolean left = in.opcode().equals("shl");
        int opc = Op.IALU;
        if (left && t.bits() == 32) {
            opc = Op.SHL_B32;
        } else if (left && t.bits() == 64) {
            opc = Op.SHL_B64;
        } else if (!left && t.bits() == 32) {
            opc = t.isSigned() ? Op.SHR_S32 : Op.SHR_U32;
        } else if (!left && t.bits() == 64) {
            opc = t.isSigned() ? Op.SHR_S64 : Op.SHR_U64;
        }
        Insn i = insn(opc, in);
        i.sub = left ? Op.I_SHL : Op.I_SHR;
        i.setType(t);
        i.d = dst(in, in.operands().get(0));
        i.a = src(in, in.operands().get(1), t);
        i.b = src(in, in.operands().get(2), PtxType.U32);
        return i;
    }

    private Insn lowerBits(PtxAst.Instruction in) {
        String op = in.opcode();
        PtxType t = lastType(in);
        Insn i = insn(Op.IALU, in);
        i.setType(t);
        int nsrc;
        PtxType[] st;
        switch (op) {
            case "popc":
                i.sub = Op.I_POPC;
                nsrc = 1;
                st = new PtxType[] {t};
                break;
            case "clz":
                i.sub = Op.I_CLZ;
                nsrc = 1;
                st = new PtxType[] {t};
                break;
            case "brev":
                i.sub = Op.I_BREV;
                nsrc = 1;
                st = new PtxType[] {t};
                break;
            case "bfind":
                i.sub = in.has(".shiftamt") ? Op.I_BFIND_SHIFTAMT : Op.I_BFIND;
                nsrc = 1;
                st = new PtxType[] {t};
                break;
            case "bfe":
                i.sub = Op.I_BFE;
                nsrc = 3;
                st = new PtxType[] {t, PtxType.U32, PtxType.U32};
                break;
            case "bfi":
                i.sub = Op.I_BFI;
                nsrc = 4;
                st = new PtxType[] {t, t, PtxType.U32, PtxType.U32};
                break;
            case "prmt": {
                i.sub = Op.I_PRMT;
                nsrc = 3;
                st = new PtxType[] {t, t, PtxType.U32};
                i.sub2 = 0;
                String[] modes = {".f4e", ".b4e", ".rc8", ".ecl", ".ecr", ".rc16"};
                for (int k = 0; k < modes.length; k++) {
                    if (in.has(modes[k])) {
                        i.sub2 = k + 1;
                    }
                }
                break;
            }
            case "shf":
                i.sub = in.has(".l") ? Op.I_SHF_L : Op.I_SHF_R;
                if (!in.has(".l") && !in.has(".r")) {
                    throw syntax(in, "shf needs .l or .r");
                }
                i.sub2 = in.has(".clamp") ? 1 : 0;
                if (!in.has(".clamp") && !in.has(".wrap")) {
                    throw syntax(in, "shf needs .wrap or .clamp");
                }
                nsrc = 3;
                st = new PtxType[] {t, t, PtxType.U32};
                break;
            case "lop3": {
                i.sub = Op.I_LOP3;
                expectOperands(in, 5);
                PtxAst.Operand lut = in.operands().get(4);
                if (!(lut instanceof PtxAst.IntLit)) {
                    throw syntax(in, "lop3 needs an immediate lookup table");
                }
                i.imm = ((PtxAst.IntLit) lut).value() & 0xFF;
                nsrc = 3;
                st = new PtxType[] {t, t, t};
                i.d = dst(in, in.operands().get(0));
                i.a = src(in, in.operands().get(1), t);
                i.b = src(in, in.operands().get(2), t);
                i.c = src(in, in.operands().get(3), t);
                return i;
            }
            case "dp4a":
            case "dp2a": {
                List<PtxType> ts = types(in);
                if (ts.size() != 2) {
                    throw syntax(in, op + " needs two types");
                }
                i.sub = op.equals("dp4a") ? Op.I_DP4A : in.has(".hi") ? Op.I_DP2A_HI : Op.I_DP2A_LO;
                i.setType(ts.get(0));
                i.type2 = ts.get(1);
                nsrc = 3;
                st = new PtxType[] {ts.get(0), ts.get(1), PtxType.B32};
                break;
            }
            case "bmsk":
                i.sub = Op.I_BMSK;
                i.sub2 = in.has(".clamp") ? 1 : 0;
                nsrc = 2;
                st = new PtxType[] {PtxType.U32, PtxType.U32};
                break;
            case "szext":
                i.sub = Op.I_SZEXT;
                i.sub2 = in.has(".clamp") ? 1 : 0;
                nsrc = 2;
                st = new PtxType[] {t, PtxType.U32};
                break;
            default:
                throw unsupported(in, op);
        }
        expectOperands(in, nsrc + 1);
        i.d = dst(in, in.operands().get(0));
        i.a = src(in, in.operands().get(1), st[0]);
        if (nsrc >= 2) {
            i.b = src(in, in.operands().get(2), st[1]);
        }
        if (nsrc >= 3) {
            i.c = src(in, in.operands().get(3), st[2]);
        }
        if (nsrc >= 4) {
            i.e = src(in, in.operands().get(4), st[3]);
        }
        return i;
    }

    private Insn lowerSetp(PtxAst.Instruction in) {
        int cmp = -1;
        int bool = Op.BOOL_NONE;
        for (String m : in.modifiers()) {
            if (cmpOp(m) >= 0) {
                cmp = cmpOp(m);
            } else if (boolOp(m) >= 0) {
                bool = boolOp(m);
            }
        }
        if (cmp < 0) {
            throw syntax(in, "setp needs a comparison (.eq, .lt, ...)");
        }
        rejectUnknownModifiers(
                in, ".eq", ".ne", ".lt", ".le", ".gt", ".ge", ".lo", ".ls", ".hi", ".hs", ".equ", ".neu", ".ltu",
                ".leu", ".gtu", ".geu", ".num", ".nan", ".and", ".or", ".xor", ".ftz");
        PtxType t = lastType(in);
        if (t == PtxType.F16 || t == PtxType.PRED) {
            throw unsupported(in, "setp." + t.ptxName() + " is not supported");
        }
        checkCmp(in, cmp, t);
        expectOperands(in, bool == Op.BOOL_NONE ? 3 : 4);
        boolean hot = bool == Op.BOOL_NONE && (t == PtxType.S32 || t == PtxType.U32 || t == PtxType.B32);
        Insn i = insn(hot ? (t == PtxType.S32 ? Op.SETP_S32 : Op.SETP_U32) : Op.SETP, in);
        i.sub = cmp;
        i.sub2 = bool;
        i.ftz = in.has(".ftz");
        i.setType(t);
        PtxAst.Operand d = in.operands().get(0);
        if (d instanceof PtxAst.Pair) {
            i.d = dstPred(in, ((PtxAst.Pair) d).first());
            i.d2 = dstPred(in, ((PtxAst.Pair) d).second());
        } else {
            i.d = dstPred(in, d);
        }
        i.a = src(in, in.operands().get(1), t);
        i.b = src(in, in.operands().get(2), t);
        if (bool != Op.BOOL_NONE) {
            PtxAst.Operand c = in.operands().get(3);
            i.c = srcPred(in, c);
            i.cNeg = c instanceof PtxAst.Negated;
        }
        return i;
    }

    private void checkCmp(PtxAst.Instruction in, int cmp, PtxType t) {
        boolean floatOnly = cmp >= Op.CMP_EQU;
        boolean unsignedOnly = cmp >= Op.CMP_LO && cmp <= Op.CMP_HS;
        if (floatOnly && !t.isFloat()) {
            throw syntax(in, "unordered comparisons need a floating-point type");
        }
        if (unsignedOnly && (t.isFloat() || t.isSigned())) {
            throw syntax(in, ".lo/.ls/.hi/.hs need an unsigned or bit type");
        }
    }

    private Insn lowerSet(PtxAst.Instruction in) {
        int cmp = -1;
        int bool = Op.BOOL_NONE;
        for (String m : in.modifiers()) {
            if (cmpOp(m) >= 0) {
                cmp = cmpOp(m);
            } else if (boolOp(m) >= 0) {
                bool = boolOp(m);
            }
        }
        List<PtxType> ts = types(in);
        if (cmp < 0 || ts.size() != 2) {
            throw syntax(in, "set needs a comparison, a destination type and a source type");
        }
        checkCmp(in, cmp, ts.get(1));
        expectOperands(in, bool == Op.BOOL_NONE ? 3 : 4);
        Insn i = insn(Op.SET, in);
        i.sub = cmp;
        i.sub2 = bool;
        i.ftz = in.has(".ftz");
        i.setType(ts.get(1));
        i.type2 = ts.get(0);
        i.d = dst(in, in.operands().get(0));
        i.a = src(in, in.operands().get(1), ts.get(1));
        i.b = src(in, in.operands().get(2), ts.get(1));
        if (bool != Op.BOOL_NONE) {
            PtxAst.Operand c = in.operands().get(3);
            i.c = srcPred(in, c);
            i.cNeg = c instanceof PtxAst.Negated;
        }
        return i;
    }

    private Insn lowerSelp(PtxAst.Instruction in) {
        expectOperands(in, 4);
        PtxType t = lastType(in);
        Insn i = insn(Op.SELP, in);
        i.setType(t);
        i.d = dst(in, in.operands().get(0));
        i.a = src(in, in.operands().get(1), t);
        i.b = src(in, in.operands().get(2), t);
        PtxAst.Operand c = in.operands().get(3);
        i.c = srcPred(in, c);
        i.cNeg = c instanceof PtxAst.Negated;
        return i;
    }

    private Insn lowerSlct(PtxAst.Instruction in) {
        expectOperands(in, 4);
        List<PtxType> ts = types(in);
        if (ts.size() != 2) {
            throw syntax(in, "slct needs two types");
        }
        Insn i = insn(Op.SLCT, in);
        i.setType(ts.get(0));
        i.type2 = ts.get(1);
        i.ftz = in.has(".ftz");
        i.d = dst(in, in.operands().get(0));
        i.a = src(in, in.operands().get(1), ts.get(0));
        i.b = src(in, in.operands().get(2), ts.get(0));
        i.c = src(in, in.operands().get(3), ts.get(1));
        return i;
    }

    private int label(PtxAst.Instruction in, PtxAst.Operand o) {
        if (!(o instanceof PtxAst.Name)) {
            throw syntax(in, "expected a label");
        }
        Integer pc = labels.get(((PtxAst.Name) o).name());
        if (pc == null) {
            if (regs.containsKey(((PtxAst.Name) o).name())) {
                throw unsupported(in, "indirect branches are not supported");
            }
            throw syntax(in, "unknown label " + ((PtxAst.Name) o).name());
        }
        return pc;
    }

    private Insn lowerBra(PtxAst.Instruction in) {
        expectOperands(in, 1);
        Insn i = insn(Op.BRA, in);
        i.cls = InstructionClass.BRANCH;
        i.target = label(in, in.operands().get(0));
        i.uniform = in.has(".uni");
        return i;
    }

    private Insn lowerRet(PtxAst.Instruction in) {
        Insn i = insn(Op.BRA, in);
        i.cls = InstructionClass.BRANCH;
        i.target = fn.exitPc;
        i.uniform = in.has(".uni");
        return i;
    }

    private Insn lowerExit(PtxAst.Instruction in) {
        if (fn.isEntry) {
            return lowerRet(in);
        }
        Insn i = insn(Op.EXIT, in);
        i.cls = InstructionClass.BRANCH;
        return i;
    }

    private Insn lowerCall(PtxAst.Instruction in) {
        List<PtxAst.Operand> ops = in.operands();
        int k = 0;
        List<PtxAst.Operand> rets = List.of();
        if (k < ops.size() && ops.get(k) instanceof PtxAst.ParenList) {
            rets = ((PtxAst.ParenList) ops.get(k)).elements();
            k++;
        }
        if (k >= ops.size() || !(ops.get(k) instanceof PtxAst.Name)) {
            throw syntax(in, "expected the called function");
        }
        PtxAst.Name target = (PtxAst.Name) ops.get(k++);
        List<PtxAst.Operand> args = List.of();
        if (k < ops.size() && ops.get(k) instanceof PtxAst.ParenList) {
            args = ((PtxAst.ParenList) ops.get(k)).elements();
            k++;
        }
        if (k < ops.size()) {
            throw unsupported(in, "indirect calls through a prototype are not supported");
        }
        Integer idx = funcIndex.get(target.name());
        if (idx == null) {
            if (regs.containsKey(target.name())) {
                throw unsupported(in, "indirect calls are not supported");
            }
            throw syntax(in, "unknown function " + target.name());
        }
        PtxAst.Function callee = funcAst.get(idx);
        if (callee.body() == null) {
            throw unsupported(
                    in,
                    "call to external function " + target.name()
                            + " (no body in this module; device-side printf, malloc and assert are not supported)");
        }
        if (callee.isEntry()) {
            throw syntax(in, "cannot call a kernel");
        }
        if (args.size() != callee.params().size()
                || rets.size() != callee.returns().size()) {
            throw syntax(
                    in,
                    "call of " + target.name() + " passes " + args.size() + " arguments and " + rets.size()
                            + " return values; it declares " + callee.params().size() + " and "
                            + callee.returns().size());
        }
        Insn i = insn(Op.CALL, in);
        i.cls = InstructionClass.BRANCH;
        i.callee = idx;
        i.uniform = in.has(".uni");
        i.argKind = new int[args.size()];
        i.argValue = new int[args.size()];
        for (int a = 0; a < args.size(); a++) {
            callOperand(in, args.get(a), callee.params().get(a).type(), i.argKind, i.argValue, a, false);
        }
        i.retKind = new int[rets.size()];
        i.retValue = new int[rets.size()];
        for (int a = 0; a < rets.size(); a++) {
            callOperand(in, rets.get(a), callee.returns().get(a).type(), i.retKind, i.retValue, a, true);
        }
        return i;
    }

    private void callOperand(
            PtxAst.Instruction in, PtxAst.Operand o, PtxType t, int[] kind, int[] value, int idx, boolean isRet) {
        if (o instanceof PtxAst.Name) {
            PtxAst.Name n = (PtxAst.Name) o;
            Sym s = regs.containsKey(n.name()) ? null : lookupSym(n.name());
            if (s != null && s.frame()) {
                kind[idx] = 0;
                value[idx] = (int) (s.addr() + n.offset());
                return;
            }
        }
        kind[idx] = 1;
        value[idx] = isRet ? dst(in, o) : src(in, o, t);
    }

    private Insn lowerBarrier(PtxAst.Instruction in) {
        Insn i = insn(Op.BAR, in);
        i.cls = InstructionClass.BARRIER;
        List<PtxAst.Operand> ops = in.operands();
        if (in.has(".warp")) {
            // bar.warp.sync membermask: the lanes of the mask reconverge (a no-op for lockstep models)
            Insn n = insn(Op.WARP_SYNC, in);
            n.cls = InstructionClass.BARRIER;
            if (ops.size() != 1) {
                throw syntax(in, "bar.warp.sync expects a member mask");
            }
            n.a = src(in, ops.get(0), PtxType.U32);
            return n;
        }
        int k = 0;
        if (in.has(".red")) {
            if (in.has(".popc")) {
                i.sub = Op.B_RED_POPC;
                i.d = dst(in, ops.get(k++));
            } else if (in.has(".and") || in.has(".or")) {
                i.sub = in.has(".and") ? Op.B_RED_AND : Op.B_RED_OR;
                i.d = dstPred(in, ops.get(k++));
            } else {
                throw unsupported(in, "bar.red needs .popc, .and or .or");
            }
            if (ops.size() - k < 2 || ops.size() - k > 3) {
                throw syntax(in, "bar.red expects a barrier, an optional count and a predicate");
            }
            i.a = src(in, ops.get(k++), PtxType.U32);
            if (ops.size() - k == 2) {
                i.b = src(in, ops.get(k++), PtxType.U32);
            }
            PtxAst.Operand c = ops.get(k);
            i.c = srcPred(in, c);
            i.cNeg = c instanceof PtxAst.Negated;
            return i;
        }
        if (in.has(".arrive")) {
            i.sub = Op.B_ARRIVE;
            if (ops.size() != 2) {
                throw syntax(in, "bar.arrive expects a barrier and a thread count");
            }
        } else if (in.has(".sync")
                || in.opcode().equals("bar") && in.modifiers().isEmpty()) {
            i.sub = Op.B_SYNC;
            if (ops.size() < 1 || ops.size() > 2) {
                throw syntax(in, "bar.sync expects a barrier and an optional thread count");
            }
        } else {
            throw unsupported(in, "barrier form " + in.opcodeWithModifiers());
        }
        i.a = src(in, ops.get(0), PtxType.U32);
        if (ops.size() == 2) {
            i.b = src(in, ops.get(1), PtxType.U32);
        }
        return i;
    }

    private Insn lowerAtom(PtxAst.Instruction in) {
        boolean red = in.opcode().equals("red");
        rejectUnknownModifiers(
                in,
                ".global",
                ".shared",
                ".shared::cta",
                ".relaxed",
                ".acquire",
                ".release",
                ".acq_rel",
                ".gpu",
                ".cta",
                ".sys",
                ".add",
                ".inc",
                ".dec",
                ".cas",
                ".exch",
                ".min",
                ".max",
                ".and",
                ".or",
                ".xor",
                ".noftz");
        int space = spaceOf(in);
        if (space != StateSpace.GLOBAL && space != StateSpace.SHARED && space != StateSpace.GENERIC) {
            throw unsupported(in, "atomics are only supported on global, shared and generic addresses");
        }
        PtxType t = lastType(in);
        Insn i = insn(Op.ATOM, in);
        i.cls = InstructionClass.MEM;
        String[] ops = {".add", ".inc", ".dec", ".cas", ".exch", ".min", ".max", ".and", ".or", ".xor"};
        i.sub = -1;
        for (int k = 0; k < ops.length; k++) {
            if (in.has(ops[k])) {
                i.sub = k;
            }
        }
        if (i.sub < 0) {
            throw syntax(in, "atomic operation missing (.add, .cas, ...)");
        }
        if (t == PtxType.F16 || in.has(".f16x2") || in.has(".bf16")) {
            throw unsupported(in, "half-precision atomics are not supported");
        }
        if (t.bits() != 32 && t.bits() != 64) {
            throw unsupported(in, "atomics on " + t.ptxName() + " are not supported");
        }
        if (t.isFloat() && i.sub != Op.A_ADD && i.sub != Op.A_EXCH) {
            throw unsupported(in, "floating-point atomics other than add are not supported");
        }
        if ((i.sub == Op.A_INC || i.sub == Op.A_DEC) && t != PtxType.U32) {
            throw syntax(in, "atom.inc/dec are only defined for .u32");
        }
        i.setType(t);
        i.width = t.byteSize();
        int nsrc = i.sub == Op.A_CAS ? 2 : 1;
        int k = 0;
        expectOperands(in, (red ? 1 : 2) + nsrc);
        if (!red) {
            i.d = dst(in, in.operands().get(k++));
        }
        resolveAddress(in, i, in.operands().get(k++), space);
        if (i.space != StateSpace.GLOBAL && i.space != StateSpace.SHARED && i.space != StateSpace.GENERIC) {
            throw unsupported(in, "atomics on " + StateSpace.name(i.space) + " memory are not supported");
        }
        i.b = src(in, in.operands().get(k++), t);
        if (nsrc == 2) {
            i.c = src(in, in.operands().get(k), t);
        }
        return i;
    }

    private Insn lowerVote(PtxAst.Instruction in) {
        Insn i = insn(Op.VOTE, in);
        i.cls = InstructionClass.BARRIER;
        if (in.has(".all")) {
            i.sub = Op.V_ALL;
        } else if (in.has(".any")) {
            i.sub = Op.V_ANY;
        } else if (in.has(".uni")) {
            i.sub = Op.V_UNI;
        } else if (in.has(".ballot")) {
            i.sub = Op.V_BALLOT;
        } else {
            throw syntax(in, "vote needs .all, .any, .uni or .ballot");
        }
        boolean sync = in.has(".sync");
        expectOperands(in, sync ? 3 : 2);
        if (i.sub == Op.V_BALLOT) {
            i.d = dst(in, in.operands().get(0));
        } else {
            i.d = dstPred(in, in.operands().get(0));
        }
        PtxAst.Operand a = in.operands().get(1);
        i.a = srcPred(in, a);
        i.aNeg = a instanceof PtxAst.Negated;
        if (sync) {
            i.b = src(in, in.operands().get(2), PtxType.B32);
        }
        return i;
    }

    private Insn lowerShfl(PtxAst.Instruction in) {
        Insn i = insn(Op.SHFL, in);
        i.cls = InstructionClass.BARRIER;
        if (in.has(".up")) {
            i.sub = Op.S_UP;
        } else if (in.has(".down")) {
            i.sub = Op.S_DOWN;
        } else if (in.has(".bfly")) {
            i.sub = Op.S_BFLY;
        } else if (in.has(".idx")) {
            i.sub = Op.S_IDX;
        } else {
            throw syntax(in, "shfl needs .up, .down, .bfly or .idx");
        }
        boolean sync = in.has(".sync");
        expectOperands(in, sync ? 5 : 4);
        PtxAst.Operand d = in.operands().get(0);
        if (d instanceof PtxAst.Pair) {
            i.d = dst(in, ((PtxAst.Pair) d).first());
            i.d2 = dstPred(in, ((PtxAst.Pair) d).second());
        } else {
            i.d = dst(in, d);
        }
        i.a = src(in, in.operands().get(1), PtxType.B32);
        i.b = src(in, in.operands().get(2), PtxType.B32);
        i.c = src(in, in.operands().get(3), PtxType.B32);
        if (sync) {
            i.e = src(in, in.operands().get(4), PtxType.B32);
        }
        return i;
    }

    private Insn lowerMatch(PtxAst.Instruction in) {
        Insn i = insn(Op.MATCH, in);
        i.cls = InstructionClass.BARRIER;
        PtxType t = lastType(in);
        i.setType(t);
        i.sub = in.has(".all") ? 1 : 0;
        if (!in.has(".all") && !in.has(".any")) {
            throw syntax(in, "match needs .any or .all");
        }
        expectOperands(in, 3);
        PtxAst.Operand d = in.operands().get(0);
        if (d instanceof PtxAst.Pair) {
            i.d = dst(in, ((PtxAst.Pair) d).first());
            i.d2 = dstPred(in, ((PtxAst.Pair) d).second());
        } else {
            i.d = dst(in, d);
        }
        i.a = src(in, in.operands().get(1), t);
        i.b = src(in, in.operands().get(2), PtxType.B32);
        return i;
    }
}
