package dev.gmac.gpu.property;

import dev.gmac.gpu.property.StructuredProgram.Assign;
import dev.gmac.gpu.property.StructuredProgram.Binary;
import dev.gmac.gpu.property.StructuredProgram.Break;
import dev.gmac.gpu.property.StructuredProgram.Compare;
import dev.gmac.gpu.property.StructuredProgram.Cond;
import dev.gmac.gpu.property.StructuredProgram.Const;
import dev.gmac.gpu.property.StructuredProgram.Expr;
import dev.gmac.gpu.property.StructuredProgram.If;
import dev.gmac.gpu.property.StructuredProgram.Load;
import dev.gmac.gpu.property.StructuredProgram.Loop;
import dev.gmac.gpu.property.StructuredProgram.LoopIndex;
import dev.gmac.gpu.property.StructuredProgram.Select;
import dev.gmac.gpu.property.StructuredProgram.Stmt;
import dev.gmac.gpu.property.StructuredProgram.ThreadId;
import dev.gmac.gpu.property.StructuredProgram.Unary;
import dev.gmac.gpu.property.StructuredProgram.Var;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * The reference: runs a {@link StructuredProgram} for one thread, sequentially, with Java's 32-bit int arithmetic.
 * The initial variables are {@code v_k = tid * (k + 1) + k}, as in the emitted PTX.
 */
public final class ScalarInterpreter {
    private final int[] input;
    private final int tid;
    private final int[] vars;
    private final Deque<Integer> loopIndices = new ArrayDeque<>();

    private ScalarInterpreter(StructuredProgram program, int[] input, int tid) {
        this.input = input;
        this.tid = tid;
        this.vars = new int[program.variableCount()];
        for (int k = 0; k < vars.length; k++) {
            vars[k] = tid * (k + 1) + k;
        }
    }

    /** The final variables of thread {@code tid}. */
    public static int[] run(StructuredProgram program, int[] input, int tid) {
        ScalarInterpreter interpreter = new ScalarInterpreter(program, input, tid);
        interpreter.block(program.body());
        return interpreter.vars;
    }

    /** Signals a {@code break} out of the innermost loop. */
    private static final class BreakSignal extends RuntimeException {
        private static final BreakSignal INSTANCE = new BreakSignal();

        private BreakSignal() {
            super(null, null, false, false);
        }
    }

    private void block(List<Stmt> body) {
        for (Stmt s : body) {
            statement(s);
        }
    }

    private void statement(Stmt s) {
        if (s instanceof Assign a) {
            vars[a.variable()] = eval(a.value());
        } else if (s instanceof If f) {
            block(cond(f.cond()) ? f.thenBody() : f.elseBody());
        } else if (s instanceof Loop l) {
            int count = eval(l.count()) & 7;
            for (int i = 0; i < count; i++) {
                loopIndices.push(i);
                try {
                    block(l.body());
                } catch (BreakSignal b) {
                    return;
                } finally {
                    loopIndices.pop();
                }
            }
        } else if (s instanceof Break b) {
            if (cond(b.cond())) {
                throw BreakSignal.INSTANCE;
            }
        }
    }

    private boolean cond(Cond c) {
        if (c instanceof Compare cmp) {
            int l = eval(cmp.left());
            int r = eval(cmp.right());
            return switch (cmp.op()) {
                case LT -> l < r;
                case LE -> l <= r;
                case GT -> l > r;
                case GE -> l >= r;
                case EQ -> l == r;
                case NE -> l != r;
                case LT_U -> Integer.compareUnsigned(l, r) < 0;
                case GE_U -> Integer.compareUnsigned(l, r) >= 0;
            };
        } else if (c instanceof StructuredProgram.Not n) {
            return !cond(n.operand());
        } else if (c instanceof StructuredProgram.And a) {
            boolean l = cond(a.left());
            boolean r = cond(a.right());
            return l & r;
        } else {
            StructuredProgram.Or o = (StructuredProgram.Or) c;
            boolean l = cond(o.left());
            boolean r = cond(o.right());
            return l | r;
        }
    }

    private int eval(Expr e) {
        if (e instanceof Var v) {
            return vars[v.index()];
        } else if (e instanceof Const c) {
            return c.value();
        } else if (e instanceof ThreadId) {
            return tid;
        } else if (e instanceof LoopIndex li) {
            int depth = 0;
            for (int index : loopIndices) {
                if (depth++ == li.depth()) {
                    return index;
                }
            }
            throw new IllegalStateException("loop index out of scope: " + li);
        } else if (e instanceof Load ld) {
            return input[eval(ld.index()) & (StructuredProgram.INPUT_WORDS - 1)];
        } else if (e instanceof Unary u) {
            int v = eval(u.operand());
            return switch (u.op()) {
                case NEG -> -v;
                case NOT -> ~v;
            };
        } else if (e instanceof Binary b) {
            int l = eval(b.left());
            int r = eval(b.right());
            return switch (b.op()) {
                case ADD -> l + r;
                case SUB -> l - r;
                case MUL -> l * r;
                case AND -> l & r;
                case OR -> l | r;
                case XOR -> l ^ r;
                case MIN -> Math.min(l, r);
                case MAX -> Math.max(l, r);
                case SHL -> l << r;
                case SHR_S -> l >> r;
                case SHR_U -> l >>> r;
                case DIV_S -> l / r;
                case REM_S -> l % r;
            };
        } else {
            Select s = (Select) e;
            boolean c = cond(s.cond());
            int t = eval(s.ifTrue());
            int f = eval(s.ifFalse());
            return c ? t : f;
        }
    }
}
