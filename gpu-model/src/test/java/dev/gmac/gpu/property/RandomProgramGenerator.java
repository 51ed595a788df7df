package dev.gmac.gpu.property;

import dev.gmac.gpu.property.StructuredProgram.Assign;
import dev.gmac.gpu.property.StructuredProgram.Binary;
import dev.gmac.gpu.property.StructuredProgram.BinaryOp;
import dev.gmac.gpu.property.StructuredProgram.Break;
import dev.gmac.gpu.property.StructuredProgram.Compare;
import dev.gmac.gpu.property.StructuredProgram.CompareOp;
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
import dev.gmac.gpu.property.StructuredProgram.UnaryOp;
import dev.gmac.gpu.property.StructuredProgram.Var;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Generates a random {@link StructuredProgram} from a seed: nested if/else (depth up to {@link #MAX_DEPTH}), loops
 * with data-dependent trip counts (0..7) and {@code break}s, and arithmetic on values derived from the thread id
 * and the input array, so that the lanes of a warp take different paths.
 */
public final class RandomProgramGenerator {
    public static final int MAX_DEPTH = 3;
    public static final int VARIABLES = 4;

    private final Random rnd;

    public RandomProgramGenerator(long seed) {
        this.rnd = new Random(seed);
    }

    public StructuredProgram generate() {
        List<Stmt> body = block(0, 0, 2 + rnd.nextInt(4));
        return new StructuredProgram(VARIABLES, body);
    }

    private List<Stmt> block(int depth, int loops, int size) {
        List<Stmt> out = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            out.add(statement(depth, loops));
        }
        return out;
    }

    private Stmt statement(int depth, int loops) {
        int pick = rnd.nextInt(10);
        if (depth < MAX_DEPTH && pick < 3) {
            List<Stmt> elseBody = rnd.nextInt(4) == 0 ? List.of() : block(depth + 1, loops, 1 + rnd.nextInt(3));
            return new If(cond(loops, 2), block(depth + 1, loops, 1 + rnd.nextInt(3)), elseBody);
        }
        if (depth < MAX_DEPTH && pick < 5) {
            List<Stmt> body = block(depth + 1, loops + 1, 1 + rnd.nextInt(3));
            if (rnd.nextBoolean()) {
                body.add(rnd.nextInt(body.size() + 1), new Break(cond(loops + 1, 1)));
            }
            return new Loop(expr(loops, 2), body);
        }
        if (loops > 0 && pick == 5) {
            return new Break(cond(loops, 1));
        }
        return new Assign(rnd.nextInt(VARIABLES), expr(loops, 3));
    }

    private Cond cond(int loops, int depth) {
        int pick = rnd.nextInt(10);
        if (depth > 0 && pick == 0) {
            return new StructuredProgram.Not(cond(loops, depth - 1));
        }
        if (depth > 0 && pick == 1) {
            return new StructuredProgram.And(cond(loops, depth - 1), cond(loops, depth - 1));
        }
        if (depth > 0 && pick == 2) {
            return new StructuredProgram.Or(cond(loops, depth - 1), cond(loops, depth - 1));
        }
        CompareOp op = CompareOp.values()[rnd.nextInt(CompareOp.values().length)];
        return new Compare(op, expr(loops, 2), expr(loops, 1));
    }

    private Expr expr(int loops, int depth) {
        if (depth == 0 || rnd.nextInt(3) == 0) {
            return leaf(loops, depth);
        }
        int pick = rnd.nextInt(12);
        if (pick == 0) {
            return new Unary(UnaryOp.values()[rnd.nextInt(2)], expr(loops, depth - 1));
        }
        if (pick == 1) {
            return new Select(cond(loops, 0), expr(loops, depth - 1), expr(loops, depth - 1));
        }
        BinaryOp op = BinaryOp.values()[rnd.nextInt(BinaryOp.values().length)];
        Expr left = expr(loops, depth - 1);
        Expr right =
                switch (op) {
                    case SHL, SHR_S, SHR_U -> new Const(rnd.nextInt(32));
                    case DIV_S, REM_S -> new Const(1 + rnd.nextInt(9));
                    default -> expr(loops, depth - 1);
                };
        return new Binary(op, left, right);
    }

    private Expr leaf(int loops, int depth) {
        int pick = rnd.nextInt(10);
        if (pick < 3) {
            return new Var(rnd.nextInt(VARIABLES));
        }
        if (pick < 5) {
            return new Const(rnd.nextInt(4) == 0 ? rnd.nextInt() : rnd.nextInt(33) - 16);
        }
        if (pick < 6) {
            return new ThreadId();
        }
        if (pick < 8 && loops > 0) {
            return new LoopIndex(rnd.nextInt(loops));
        }
        Expr index = depth > 0 && rnd.nextBoolean()
                ? expr(loops, depth - 1)
                : rnd.nextBoolean() ? new ThreadId() : new Var(rnd.nextInt(VARIABLES));
        return new Load(index);
    }
}
