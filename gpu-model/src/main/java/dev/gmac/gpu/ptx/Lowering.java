package dev.gmac.gpu.ptx;

import dev.gmac.gpu.cfg.ControlFlowGraph;
import dev.gmac.gpu.cfg.LikelyConvergence;
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
 * Each instruction is lowered by the family lowerer its row of {@link OpcodeTable} names, which also gives its
 * instruction class. Instructions the engine cannot run raise {@link UnsupportedPtxException} here, at load time.
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

    /** Hands out distinct addresses without memory behind them, for analysis without a device. */
    static final class NoDevice implements GlobalAllocator {
        private long next = StateSpace.GLOBAL_BASE;

        @Override
        public long allocate(String name, long bytes, int align) {
            long a = next;
            next += (bytes + 255) & ~255L;
            return a;
        }

        @Override
        public void write(long address, byte[] bytes) {}
    }

    /** A fresh allocator without a device (variables of up to 2^48 bytes each; the parser refuses larger ones). */
    static GlobalAllocator noDevice() {
        return new NoDevice();
    }

    private final PtxAst.Module module;
    private final GlobalAllocator allocator;
    private final ErrorSink sink;
    private final LoweringContext cx = new LoweringContext();
    /** The module's variables, each once (an {@code .extern} declaration may be repeated). */
    private final List<PtxAst.VarDecl> globals = new ArrayList<>();

    private final List<FunctionInfo> infos = new ArrayList<>();
    private final List<Insn> code = new ArrayList<>();
    private final Map<String, Long> globalAddresses = new LinkedHashMap<>();
    private SharedLayout sharedLayout;
    private final Map<PtxAst.Loc, SourceLocation> sourceLocations = new HashMap<>();
    private byte[] constBank = new byte[0];

    Lowering(PtxAst.Module module, GlobalAllocator allocator, ErrorSink sink) {
        this.module = module;
        this.allocator = allocator;
        this.sink = sink;
    }

    /** Parses and lowers {@code text} for 32-lane warps. */
    static Program load(String text, GlobalAllocator allocator) {
        return lower(new PtxParser(text).parse(), allocator, 32);
    }

    /**
     * Lowers a parsed module for warps of {@code width} lanes (the register stride). A module with {@code .global}
     * variables is first lowered without a device, so that an error anywhere in it is reported before any device
     * memory is allocated.
     */
    static Program lower(PtxAst.Module m, GlobalAllocator allocator, int width) {
        if (!(allocator instanceof NoDevice) && m.globals().stream().anyMatch(v -> v.space() == PtxAst.Space.GLOBAL)) {
            Lowering dry = new Lowering(m, noDevice(), null);
            dry.cx.stride = width;
            dry.lower();
        }
        Lowering l = new Lowering(m, allocator, null);
        l.cx.stride = width;
        return l.lower();
    }

    Program lower() {
        // Functions: a definition wins over an earlier prototype, which must declare the same parameters.
        for (PtxAst.Function f : module.functions()) {
            Integer idx = cx.funcIndex.get(f.name());
            if (idx == null) {
                cx.funcIndex.put(f.name(), cx.funcAst.size());
                cx.funcAst.add(f);
                continue;
            }
            PtxAst.Function before = cx.funcAst.get(idx);
            if (f.body() != null && before.body() != null) {
                throw new PtxSyntaxException(f.line(), f.column(), "function " + f.name() + " defined twice");
            }
            checkSamePrototype(before, f);
            if (f.body() != null) {
                cx.funcAst.set(idx, f);
            }
        }
        Map<String, PtxAst.VarDecl> variables = new HashMap<>();
        for (PtxAst.VarDecl v : module.globals()) {
            PtxAst.VarDecl before = variables.putIfAbsent(v.name(), v);
            if (before != null && !(".extern".equals(v.linkage()) && ".extern".equals(before.linkage()))) {
                throw new PtxSyntaxException(v.line(), v.column(), "duplicate definition of variable " + v.name());
            }
            if (before == null) {
                globals.add(v); // a repeated .extern declaration names the same variable
            }
            if (cx.funcIndex.containsKey(v.name())) {
                throw new PtxSyntaxException(
                        v.line(), v.column(), v.name() + " is defined both as a variable and as a function");
            }
        }
        for (int i = 0; i < cx.funcAst.size(); i++) {
            PtxAst.Function f = cx.funcAst.get(i);
            infos.add(new FunctionInfo(f.name(), f.isEntry(), i, f.line()));
        }
        layoutShared();
        layoutConst();
        layoutGlobals();
        checkStaticShared();
        for (int i = 0; i < cx.funcAst.size(); i++) {
            if (cx.funcAst.get(i).body() != null) {
                lowerFunction(cx.funcAst.get(i), infos.get(i));
            }
        }
        Insn[] arr = code.toArray(new Insn[0]);
        for (FunctionInfo f : infos) {
            if (cx.funcAst.get(f.index).body() != null) {
                computeReconvergence(arr, f);
            }
        }
        Map<String, FunctionInfo> byName = new HashMap<>();
        for (FunctionInfo f : infos) {
            byName.put(f.name, f);
        }
        return new Program(arr, infos, byName, constBank, globalAddresses, cx.stride);
    }

    /**
     * Every kernel uses at most {@link PtxLimits#MAX_STATIC_SHARED_BYTES} of static shared variables, counting
     * those of the device functions it calls ({@link SharedLayout}), as ptxas checks for sm_75.
     */
    private void checkStaticShared() {
        for (FunctionInfo f : infos) {
            if (f.isEntry && f.staticSharedBytes > PtxLimits.MAX_STATIC_SHARED_BYTES) {
                throw new PtxSyntaxException(
                        f.line,
                        1,
                        "kernel " + f.name + " uses " + f.staticSharedBytes
                                + " bytes of static shared memory, more than the " + PtxLimits.MAX_STATIC_SHARED_BYTES
                                + " bytes (48 KiB) ptxas allows for sm_75");
            }
        }
    }

    /** A prototype and a definition (or two prototypes) of one function must agree, as ptxas requires. */
    private static void checkSamePrototype(PtxAst.Function a, PtxAst.Function b) {
        String why = null;
        if (a.isEntry() != b.isEntry()) {
            why = "one is a kernel (.entry) and the other a device function (.func)";
        } else if (a.params().size() != b.params().size()
                || a.returns().size() != b.returns().size()) {
            why = "the number of parameters differs";
        } else {
            for (int i = 0; i < a.params().size(); i++) {
                if (a.params().get(i).byteSize() != b.params().get(i).byteSize()) {
                    why = "parameter " + (i + 1) + " has another size";
                }
            }
            for (int i = 0; i < a.returns().size(); i++) {
                if (a.returns().get(i).byteSize() != b.returns().get(i).byteSize()) {
                    why = "return value " + (i + 1) + " has another size";
                }
            }
        }
        if (why != null) {
            throw new PtxSyntaxException(
                    b.line(),
                    b.column(),
                    "inconsistent declarations of " + b.name() + " (line " + a.line() + "): " + why);
        }
    }

    // ------------------------------------------------------------------ module layout

    private static long alignUp(long v, long a) {
        return a <= 1 ? v : (v + a - 1) / a * a;
    }

    /** Lays out shared memory per kernel ({@link SharedLayout}) and names the module's shared variables. */
    private void layoutShared() {
        sharedLayout = SharedLayout.of(globals, cx.funcAst, cx.funcIndex);
        for (FunctionInfo f : infos) {
            f.staticSharedBytes = sharedLayout.staticBytes(f.index);
            f.dynamicSharedOffset = sharedLayout.dynamicOffset(f.index);
        }
        for (PtxAst.VarDecl v : globals) {
            if (v.space() == PtxAst.Space.SHARED) {
                cx.moduleSyms.put(
                        v.name(),
                        new LoweringContext.Sym(StateSpace.SHARED, sharedLayout.offset(v), v.byteSize(), false, false));
            }
        }
    }

    private void layoutConst() {
        long top = 0;
        Map<PtxAst.VarDecl, Long> offs = new LinkedHashMap<>();
        for (PtxAst.VarDecl v : globals) {
            if (v.space() == PtxAst.Space.CONST) {
                top = alignUp(top, v.effectiveAlign());
                offs.put(v, top);
                cx.moduleSyms.put(v.name(), new LoweringContext.Sym(StateSpace.CONST, top, v.byteSize(), false, false));
                top += v.byteSize();
                if (top > PtxLimits.MAX_CONST_BYTES) {
                    throw new PtxSyntaxException(
                            v.line(),
                            v.column(),
                            "the module's .const variables take " + top + " bytes at " + v.name() + ", more than the "
                                    + PtxLimits.MAX_CONST_BYTES + " bytes (64 KiB) of the constant bank");
                }
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
        for (PtxAst.VarDecl v : globals) {
            if (v.space() == PtxAst.Space.GLOBAL) {
                if (".extern".equals(v.linkage())) {
                    continue; // resolved only if used: reported at the use
                }
                long addr;
                try {
                    addr = allocator.allocate(v.name(), Math.max(1, v.byteSize()), Math.max(1, v.effectiveAlign()));
                } catch (RuntimeException e) {
                    UnsupportedPtxException u = new UnsupportedPtxException(
                            v.line(),
                            v.column(),
                            ".global",
                            "cannot allocate module variable " + v.name() + " of " + v.byteSize()
                                    + " bytes in device memory: " + e.getMessage());
                    u.initCause(e);
                    throw u;
                }
                cx.moduleSyms.put(
                        v.name(), new LoweringContext.Sym(StateSpace.GLOBAL, addr, v.byteSize(), false, false));
                globalAddresses.put(v.name(), addr);
                gl.add(v);
            }
        }
        for (PtxAst.VarDecl v : gl) {
            byte[] init = initBytes(v);
            if (init != null) {
                allocator.write(cx.moduleSyms.get(v.name()).addr(), init);
            }
        }
    }

    /**
     * The initial bytes of a variable up to its last initialised element (the rest stays zero), or null when it
     * has no initializer. The parser bounds the number of values by the variable's size, so this allocates no
     * more than the text holds.
     */
    private byte[] initBytes(PtxAst.VarDecl v) {
        if (v.init() == null) {
            return null;
        }
        int es = v.type().byteSize();
        long total = Math.min(v.byteSize(), (long) v.init().size() * es);
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
                LoweringContext.Sym s = cx.moduleSyms.get(n.name());
                if (s == null) {
                    throw new PtxSyntaxException(
                            n.line(), n.column(), "unknown symbol " + n.name() + " in initializer");
                }
                long a = s.addr() + n.offset();
                bits = iv.generic() ? a + StateSpace.window(s.space()) : a;
            } else {
                bits = Immediates.bits(o, v.type(), v.line(), v.column());
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

    // ------------------------------------------------------------------ functions

    private void lowerFunction(PtxAst.Function f, FunctionInfo info) {
        cx.beginFunction(info);
        Map<PtxAst.RegDecl, Integer> regSlots = declareRegisters(f);
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
                cx.scope.syms.put(
                        p.name(), new LoweringContext.Sym(StateSpace.LOCAL, frame, p.byteSize(), true, false));
                frame += p.byteSize();
            }
            info.paramOffsets = new int[f.params().size()];
            info.paramSizes = new int[f.params().size()];
            for (int i = 0; i < f.params().size(); i++) {
                PtxAst.Param p = f.params().get(i);
                frame = alignUp(frame, p.effectiveAlign());
                info.paramOffsets[i] = (int) frame;
                info.paramSizes[i] = p.byteSize();
                cx.scope.syms.put(
                        p.name(), new LoweringContext.Sym(StateSpace.LOCAL, frame, p.byteSize(), true, false));
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
                if (off + p.byteSize() > PtxLimits.MAX_KERNEL_PARAM_BYTES) {
                    throw new PtxSyntaxException(
                            p.line(),
                            p.column(),
                            "kernel " + f.name() + " has " + (off + p.byteSize()) + " bytes of parameters, more than"
                                    + " the " + PtxLimits.MAX_KERNEL_PARAM_BYTES + " bytes ptxas allows");
                }
                info.paramOffsets[i] = (int) off;
                info.paramSizes[i] = p.byteSize();
                cx.scope.syms.put(p.name(), new LoweringContext.Sym(StateSpace.PARAM, off, p.byteSize(), false, true));
                decls.add(new ParamDecl(p.name(), p.type(), p.byteSize(), p.effectiveAlign()));
                off += p.byteSize();
            }
            info.paramBufferBytes = (int) off;
            info.signature = new KernelSignature(f.name(), decls, f.line());
        }
        Map<PtxAst.VarDecl, LoweringContext.Sym> declared = new java.util.IdentityHashMap<>();
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
                        declared.put(v, new LoweringContext.Sym(StateSpace.LOCAL, frame, v.byteSize(), true, false));
                        frame += v.byteSize();
                        if (frame > PtxLimits.MAX_FRAME_BYTES) {
                            throw new UnsupportedPtxException(
                                    v.line(),
                                    v.column(),
                                    "." + v.space().name().toLowerCase(java.util.Locale.ROOT),
                                    "the local frame of " + f.name() + " reaches " + frame + " bytes at " + v.name()
                                            + ", more than the limit of " + PtxLimits.MAX_FRAME_BYTES
                                            + " (PtxLimits.MAX_FRAME_BYTES)");
                        }
                        break;
                    }
                    case SHARED:
                        declared.put(
                                v,
                                new LoweringContext.Sym(
                                        StateSpace.SHARED, sharedLayout.offset(v), v.byteSize(), false, false));
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
        // labels, each with the block it is declared in (visible there and in nested blocks)
        int pc = code.size();
        info.entryPc = pc;
        int scopeId = 0;
        int scopes = 0;
        java.util.Deque<Integer> open = new java.util.ArrayDeque<>();
        for (PtxAst.Statement s : f.body()) {
            if (s instanceof PtxAst.ScopeMark) {
                if (((PtxAst.ScopeMark) s).open()) {
                    open.push(scopeId);
                    scopeId = ++scopes;
                } else {
                    scopeId = open.pop();
                }
            } else if (s instanceof PtxAst.Label) {
                PtxAst.Label l = (PtxAst.Label) s;
                if (cx.labels.put(l.name(), new LoweringContext.LabelInfo(pc, scopeId)) != null) {
                    throw new PtxSyntaxException(l.line(), l.column(), "label " + l.name() + " defined twice");
                }
            } else if (s instanceof PtxAst.Instruction) {
                pc++;
            }
        }
        info.exitPc = pc;
        // instructions, with block scoping of registers and variables and the source position of the last .loc
        scopes = 0;
        SourceLocation source = null;
        for (PtxAst.Statement s : f.body()) {
            if (s instanceof PtxAst.ScopeMark) {
                if (((PtxAst.ScopeMark) s).open()) {
                    cx.openScope(++scopes);
                } else {
                    cx.closeScope();
                }
            } else if (s instanceof PtxAst.VarDecl) {
                cx.scope.syms.put(((PtxAst.VarDecl) s).name(), declared.get(s));
            } else if (s instanceof PtxAst.RegDecl) {
                PtxAst.RegDecl r = (PtxAst.RegDecl) s;
                int slot = regSlots.get(r);
                for (String name : registerNames(r)) {
                    cx.scope.regs.put(name, new LoweringContext.RegInfo(slot++, r.type(), r.type() == PtxType.PRED));
                }
            } else if (s instanceof PtxAst.Loc) {
                // line 0: code the compiler made up, of no source line (as in DWARF)
                source = ((PtxAst.Loc) s).line() == 0 ? null : sourceLocation((PtxAst.Loc) s);
            } else if (s instanceof PtxAst.Instruction) {
                PtxAst.Instruction in = (PtxAst.Instruction) s;
                Insn insn;
                cx.beginInstruction();
                try {
                    insn = lowerInstruction(in);
                    cx.applyGuard(insn, in);
                } catch (PtxException e) {
                    e.at(source);
                    if (sink == null) {
                        throw e;
                    }
                    sink.unsupported(in, e);
                    insn = new Insn(Op.TRAP, in.line(), in.column(), in.opcodeWithModifiers());
                    insn.cls = InstructionClass.BRANCH;
                }
                insn.srcRegs = toArray(cx.curSrc);
                insn.dstRegs = toArray(cx.curDst);
                insn.source = source;
                insn.srcPreds = toArray(cx.curSrcPred);
                insn.dstPreds = toArray(cx.curDstPred);
                insn.pc = code.size();
                code.add(insn);
            }
        }
        Insn exit = new Insn(Op.RET_EXIT, lastLine(f), 0, "ret");
        exit.source = source;
        exit.cls = InstructionClass.BRANCH;
        exit.callee = info.index;
        exit.pc = code.size();
        code.add(exit);
        info.slots = cx.nextSlot;
        info.preds = cx.nextPred;
        info.constSlots = toArray(cx.constSlotList);
        info.constValues = new long[cx.constList.size()];
        for (int i = 0; i < cx.constList.size(); i++) {
            info.constValues[i] = cx.constList.get(i);
        }
    }

    /**
     * Gives every register declaration its slots (data registers) or predicate indices, in declaration order,
     * and rejects a name declared twice in one block (registers, labels, variables and parameters share the
     * names of a block). The slots are bound to the names when the instruction pass reaches the declaration, so
     * a register is known only after it is declared and only inside its block.
     */
    private Map<PtxAst.RegDecl, Integer> declareRegisters(PtxAst.Function f) {
        Map<PtxAst.RegDecl, Integer> slots = new java.util.IdentityHashMap<>();
        java.util.Deque<java.util.Set<String>> blocks = new java.util.ArrayDeque<>();
        java.util.Set<String> top = new java.util.HashSet<>();
        for (PtxAst.Param p : f.returns()) {
            top.add(p.name());
        }
        for (PtxAst.Param p : f.params()) {
            top.add(p.name());
        }
        blocks.push(top);
        for (PtxAst.Statement s : f.body()) {
            if (s instanceof PtxAst.ScopeMark) {
                if (((PtxAst.ScopeMark) s).open()) {
                    blocks.push(new java.util.HashSet<>());
                } else {
                    blocks.pop();
                }
            } else if (s instanceof PtxAst.RegDecl) {
                PtxAst.RegDecl r = (PtxAst.RegDecl) s;
                if (r.vectorWidth() > 0) {
                    throw new UnsupportedPtxException(
                            r.line(), r.column(), ".reg.v" + r.vectorWidth(), "vector registers are not supported");
                }
                for (String name : registerNames(r)) {
                    if (!blocks.peek().add(name)) {
                        throw new PtxSyntaxException(r.line(), r.column(), "duplicate definition of " + name);
                    }
                }
                int n = r.rangeCount() < 0 ? 1 : r.rangeCount();
                if (r.type() == PtxType.PRED) {
                    slots.put(r, cx.nextPred);
                    cx.nextPred += n;
                } else {
                    slots.put(r, cx.nextSlot);
                    cx.nextSlot += n;
                }
            } else if (s instanceof PtxAst.VarDecl) {
                PtxAst.VarDecl v = (PtxAst.VarDecl) s;
                if (!blocks.peek().add(v.name())) {
                    throw new PtxSyntaxException(v.line(), v.column(), "duplicate definition of " + v.name());
                }
            } else if (s instanceof PtxAst.Label) {
                PtxAst.Label l = (PtxAst.Label) s;
                if (!blocks.peek().add(l.name())) {
                    throw new PtxSyntaxException(l.line(), l.column(), "duplicate definition of " + l.name());
                }
            }
        }
        return slots;
    }

    /** The names a register declaration declares: {@code %r} or {@code %r0 ... %r(n-1)}. */
    private static List<String> registerNames(PtxAst.RegDecl r) {
        if (r.rangeCount() < 0) {
            return List.of(r.name());
        }
        List<String> names = new ArrayList<>(r.rangeCount());
        for (int i = 0; i < r.rangeCount(); i++) {
            names.add(r.name() + i);
        }
        return names;
    }

    /**
     * The source position a {@code .loc} names, one object per distinct position. A file index without a {@code
     * .file} directive is named {@code "file N"}.
     */
    private SourceLocation sourceLocation(PtxAst.Loc loc) {
        SourceLocation known = sourceLocations.get(loc);
        if (known == null) {
            String file = module.files().get(loc.file());
            known = new SourceLocation(
                    file == null ? "file " + loc.file() : file,
                    loc.line(),
                    loc.column(),
                    loc.inlinedAt() == null ? null : sourceLocation(loc.inlinedAt()));
            sourceLocations.put(loc, known);
        }
        return known;
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

    /**
     * Checks one instruction against its row of {@link OpcodeTable} ({@link InstructionChecker}) and lowers it
     * with the row's lowerer; the row also gives its instruction class.
     */
    private Insn lowerInstruction(PtxAst.Instruction in) {
        OpcodeTable.Opcode row = OpcodeTable.lookup(in.opcode());
        if (row == null) {
            if (OpcodeTable.KNOWN_UNSUPPORTED.contains(in.opcode())) {
                throw new UnsupportedPtxException(
                        in.line(),
                        in.column(),
                        in.opcodeWithModifiers(),
                        "the instruction " + in.opcode() + " is not supported by the software GPU");
            }
            throw new PtxSyntaxException(in.line(), in.column(), "unknown instruction " + in.opcode());
        }
        InstructionChecker.check(cx, row, in);
        Insn insn = row.lowerer().lower(cx, in);
        insn.cls = row.cls();
        return insn;
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
        List<Integer> latchList = new ArrayList<>();
        for (int pc = start; pc <= end; pc++) {
            Insn in = arr[pc];
            if (in.op == Op.BRA && in.target >= start && in.target <= pc) {
                latchList.add(pc);
            }
        }
        int[] latches = latchList.stream().mapToInt(Integer::intValue).toArray();
        int[] heads = new int[latches.length];
        for (int i = 0; i < latches.length; i++) {
            heads[i] = arr[latches[i]].target;
        }
        for (int pc = start; pc <= end; pc++) {
            Insn in = arr[pc];
            if (in.op == Op.BRA && in.guard >= 0) {
                in.lpc = LikelyConvergence.of(pc, in.rpc, latches, heads);
            }
        }
        Uniformity.mark(arr, f, pc -> successors(arr, pc, f));
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
}
