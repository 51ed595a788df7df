package dev.gmac.gpu.property;

import java.util.List;

/**
 * The abstract syntax of the random structured programs of the property test: per-thread 32-bit integer variables,
 * expressions over them, the thread id, loop indices and an input array, conditions, assignments, if/else and
 * counted loops whose trip counts come from data, with {@code break}. Each thread runs the program on its own
 * values; the result is its final variables.
 *
 * <p>All arithmetic wraps at 32 bits; shift amounts are constants in 0..31 and divisors are positive constants, so
 * every operation means the same in PTX and in Java.
 */
public record StructuredProgram(int variableCount, List<Stmt> body) {
    /** The number of input words (a power of two); {@link Load} indexes modulo this. */
    public static final int INPUT_WORDS = 64;

    // ---- expressions --------------------------------------------------------------------------------------------

    public sealed interface Expr permits Var, Const, ThreadId, LoopIndex, Load, Unary, Binary, Select {}

    /** Variable {@code v<index>}. */
    public record Var(int index) implements Expr {}

    public record Const(int value) implements Expr {}

    /** The global thread index {@code ctaid.x * ntid.x + tid.x}. */
    public record ThreadId() implements Expr {}

    /** The iteration index of the enclosing loop {@code depth} levels out (0 = innermost). */
    public record LoopIndex(int depth) implements Expr {}

    /** {@code in[index & (INPUT_WORDS - 1)]}. */
    public record Load(Expr index) implements Expr {}

    public enum UnaryOp {
        NEG,
        NOT
    }

    public record Unary(UnaryOp op, Expr operand) implements Expr {}

    public enum BinaryOp {
        ADD,
        SUB,
        MUL,
        AND,
        OR,
        XOR,
        MIN,
        MAX,
        SHL, // by a constant 0..31
        SHR_S, // by a constant 0..31
        SHR_U, // by a constant 0..31
        DIV_S, // by a positive constant
        REM_S // by a positive constant
    }

    public record Binary(BinaryOp op, Expr left, Expr right) implements Expr {}

    /** {@code cond ? ifTrue : ifFalse}, evaluated without branching. */
    public record Select(Cond cond, Expr ifTrue, Expr ifFalse) implements Expr {}

    // ---- conditions ---------------------------------------------------------------------------------------------

    public sealed interface Cond permits Compare, Not, And, Or {}

    public enum CompareOp {
        LT,
        LE,
        GT,
        GE,
        EQ,
        NE,
        LT_U,
        GE_U
    }

    public record Compare(CompareOp op, Expr left, Expr right) implements Cond {}

    public record Not(Cond operand) implements Cond {}

    public record And(Cond left, Cond right) implements Cond {}

    public record Or(Cond left, Cond right) implements Cond {}

    // ---- statements ---------------------------------------------------------------------------------------------

    public sealed interface Stmt permits Assign, If, Loop, Break {}

    public record Assign(int variable, Expr value) implements Stmt {}

    public record If(Cond cond, List<Stmt> thenBody, List<Stmt> elseBody) implements Stmt {}

    /** {@code for (i = 0; i < (count & 7); i++) body}; the count is evaluated once, on entry. */
    public record Loop(Expr count, List<Stmt> body) implements Stmt {}

    /** {@code if (cond) break;} out of the innermost loop. */
    public record Break(Cond cond) implements Stmt {}
}
