package dev.gmac.gpu.ptx;

import java.util.ArrayList;
import java.util.List;

/**
 * One syntax line of an opcode, written as in the PTX ISA's instruction descriptions (§9.7): the opcode, its
 * modifier groups and its operands, for example {@code add{.cc}.{u32,s32,u64,s64} d, a, b}. The text is parsed
 * once, when {@link OpcodeTable} is built, into {@link #groups()} and {@link #operands()}, so that the same line
 * is the documentation ({@code docs/ptx-support.md}) and the machine-readable shape.
 *
 * <p>Modifier notation: {@code .x} is a required modifier, {@code .{x,y}} a required choice, {@code {.x,.y}} an
 * optional choice. Operand notation: {@code d} a destination register, {@code p} a destination predicate (or
 * the sink {@code _}), {@code p{|q}} one or two destination predicates, {@code d{|p}} a destination register with
 * an optional destination predicate, {@code {d...}} a vector of destination registers, {@code {a...}} a vector
 * of sources, {@code {!}a} a source predicate that may be negated, {@code [a]} an address, {@code label} a label,
 * {@code func} a function name, {@code (a...)} a parenthesised list, {@code imm...} an immediate, any other name
 * a source (register, immediate or address of a variable); {@code {, x}} marks trailing optional operands.
 *
 * @param syntax the line as written in the table
 * @param opcode the opcode it describes
 * @param groups the modifier groups in order
 * @param operands the operands in order
 * @param unsupported null for a form the software GPU runs; else why it is valid PTX that the engine cannot run
 */
record OpcodeForm(
        String syntax,
        String opcode,
        List<OpcodeForm.Group> groups,
        List<OpcodeForm.Operand> operands,
        String unsupported) {

    /** A set of modifiers of which at most one may be given ({@code required}: exactly one). */
    record Group(List<String> options, boolean required) {
        Group {
            options = List.copyOf(options);
        }

        /** The group as written: {@code .x}, {@code .{x,y}} or {@code {.x,.y}}. */
        String text() {
            if (required && options.size() == 1) {
                return options.get(0);
            }
            StringBuilder sb = new StringBuilder(required ? ".{" : "{");
            for (int i = 0; i < options.size(); i++) {
                sb.append(i > 0 ? "," : "").append(required ? options.get(i).substring(1) : options.get(i));
            }
            return sb.append('}').toString();
        }
    }

    /** What an operand position accepts. */
    enum Kind {
        /** A data register written by the instruction (a predicate for {@code .pred} types). */
        DEST,
        /** A predicate written by the instruction, or {@code _}. */
        DEST_PRED,
        /** {@code p|q} or {@code p}. */
        DEST_PRED_PAIR,
        /** {@code d|p} or {@code d}. */
        DEST_WITH_PRED,
        /** {@code {d0, d1, ...}} (elements may be {@code _}). */
        DEST_VECTOR,
        /** A register, an immediate or the address of a variable. */
        SOURCE,
        /** A predicate, optionally negated with {@code !}. */
        SOURCE_PRED,
        /** {@code {a0, a1, ...}}. */
        SOURCE_VECTOR,
        /** {@code [base]}, {@code [base+offset]} or {@code [number]}. */
        ADDRESS,
        /** A label of the same function. */
        LABEL,
        /** A function name. */
        FUNCTION,
        /** {@code (x, y, ...)}, as in {@code call}. */
        LIST,
        /** An immediate only. */
        IMMEDIATE
    }

    /**
     * One operand position: its kind, its name in the syntax line, whether it may be left out, and its type when
     * that is not the instruction's type: a type name ({@code u32}), {@code wide} (twice the instruction type, as
     * the destination of {@code mul.wide}), or {@code t1}/{@code t2} (the first or second type modifier, as in
     * {@code cvt}); null means the instruction type (the last type modifier).
     */
    record Operand(Kind kind, String name, boolean optional, String type) {}

    OpcodeForm {
        groups = List.copyOf(groups);
        operands = List.copyOf(operands);
    }

    /** Parses a syntax line; {@code unsupported} is null for a supported form. */
    static OpcodeForm parse(String syntax, String unsupported) {
        String s = syntax.trim();
        int sp = s.indexOf(' ');
        String head = sp < 0 ? s : s.substring(0, sp);
        String tail = sp < 0 ? "" : s.substring(sp + 1).trim();
        int k = 0;
        while (k < head.length() && head.charAt(k) != '.' && head.charAt(k) != '{') {
            k++;
        }
        String opcode = head.substring(0, k);
        List<Group> groups = new ArrayList<>();
        while (k < head.length()) {
            if (head.startsWith(".{", k)) {
                int end = close(head, k + 1, syntax);
                List<String> opts = new ArrayList<>();
                for (String o : head.substring(k + 2, end).split(",")) {
                    opts.add("." + o.trim());
                }
                groups.add(new Group(opts, true));
                k = end + 1;
            } else if (head.charAt(k) == '{') {
                int end = close(head, k, syntax);
                List<String> opts = new ArrayList<>();
                for (String o : head.substring(k + 1, end).split(",")) {
                    if (!o.trim().startsWith(".")) {
                        throw new IllegalArgumentException("optional modifier without a dot in " + syntax);
                    }
                    opts.add(o.trim());
                }
                groups.add(new Group(opts, false));
                k = end + 1;
            } else if (head.charAt(k) == '.') {
                int end = k + 1;
                while (end < head.length() && head.charAt(end) != '.' && head.charAt(end) != '{') {
                    end++;
                }
                groups.add(new Group(List.of(head.substring(k, end)), true));
                k = end;
            } else {
                throw new IllegalArgumentException("bad modifier syntax in " + syntax);
            }
        }
        return new OpcodeForm(s, opcode, groups, parseOperands(tail, syntax), unsupported);
    }

    private static int close(String s, int open, String syntax) {
        int end = s.indexOf('}', open);
        if (end < 0) {
            throw new IllegalArgumentException("unclosed '{' in " + syntax);
        }
        return end;
    }

    private static List<Operand> parseOperands(String tail, String syntax) {
        List<Operand> out = new ArrayList<>();
        String rest = tail;
        while (!rest.isEmpty()) {
            if (rest.startsWith("{,")) {
                int end = matchingBrace(rest);
                out.addAll(parseOperands(rest.substring(2, end).trim(), syntax).stream()
                        .map(o -> new Operand(o.kind(), o.name(), true, o.type()))
                        .toList());
                rest = rest.substring(end + 1).trim();
                if (rest.startsWith(",")) {
                    rest = rest.substring(1).trim();
                }
                continue;
            }
            int comma = topLevelComma(rest);
            String tok = (comma < 0 ? rest : rest.substring(0, comma)).trim();
            if (comma < 0) {
                rest = "";
            } else {
                rest = rest.charAt(comma) == '{'
                        ? rest.substring(comma)
                        : rest.substring(comma + 1).trim();
            }
            String type = null;
            int colon = tok.lastIndexOf(':');
            if (colon > 0 && tok.substring(colon + 1).matches("[a-z0-9]+")) {
                type = tok.substring(colon + 1);
                tok = tok.substring(0, colon);
                if (!type.equals("wide")
                        && !type.equals("t1")
                        && !type.equals("t2")
                        && PtxType.fromName(type) == null) {
                    throw new IllegalArgumentException("bad operand type '" + type + "' in " + syntax);
                }
            }
            out.add(new Operand(kindOf(tok, syntax), tok, false, type));
        }
        return out;
    }

    private static int matchingBrace(String s) {
        int depth = 0;
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == '{') {
                depth++;
            } else if (s.charAt(i) == '}' && --depth == 0) {
                return i;
            }
        }
        throw new IllegalArgumentException("unclosed '{' in " + s);
    }

    private static int topLevelComma(String s) {
        int depth = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '{' || c == '(' || c == '[') {
                if (depth == 0 && c == '{' && s.startsWith("{,", i)) {
                    return i; // the optional tail starts here
                }
                depth++;
            } else if (c == '}' || c == ')' || c == ']') {
                depth--;
            } else if (c == ',' && depth == 0) {
                return i;
            }
        }
        return -1;
    }

    private static Kind kindOf(String tok, String syntax) {
        switch (tok) {
            case "d":
                return Kind.DEST;
            case "p":
                return Kind.DEST_PRED;
            case "p{|q}":
                return Kind.DEST_PRED_PAIR;
            case "d{|p}":
                return Kind.DEST_WITH_PRED;
            case "{d...}":
                return Kind.DEST_VECTOR;
            case "{a...}":
                return Kind.SOURCE_VECTOR;
            case "label":
                return Kind.LABEL;
            case "func":
                return Kind.FUNCTION;
            default:
        }
        if (tok.startsWith("{!}")) {
            return Kind.SOURCE_PRED;
        }
        if (tok.startsWith("[") && tok.endsWith("]")) {
            return Kind.ADDRESS;
        }
        if (tok.startsWith("(") && tok.endsWith(")")) {
            return Kind.LIST;
        }
        if (tok.startsWith("imm")) {
            return Kind.IMMEDIATE;
        }
        if (tok.matches("[a-z][a-zA-Z0-9]*")) {
            return Kind.SOURCE;
        }
        throw new IllegalArgumentException("bad operand '" + tok + "' in " + syntax);
    }

    /**
     * Whether {@code modifiers} (as written, in order) fit this form: each modifier takes the first unused group
     * that offers it, in the form's order (so the first of two type modifiers is the destination type, as in
     * {@code cvt.f32.s32}), and every required group is taken. Otherwise the order of modifiers does not
     * matter, as for ptxas.
     */
    boolean acceptsModifiers(List<String> modifiers) {
        boolean[] used = new boolean[groups.size()];
        for (String m : modifiers) {
            int g = 0;
            while (g < groups.size() && (used[g] || !groups.get(g).options().contains(m))) {
                g++;
            }
            if (g == groups.size()) {
                return false;
            }
            used[g] = true;
        }
        for (int g = 0; g < groups.size(); g++) {
            if (groups.get(g).required() && !used[g]) {
                return false;
            }
        }
        return true;
    }

    /** The operand list as written, e.g. {@code "d, a, b"}. */
    String operandText() {
        int sp = syntax.indexOf(' ');
        return sp < 0 ? "" : syntax.substring(sp + 1).trim();
    }

    /** The fewest operands this form takes. */
    int minOperands() {
        int n = 0;
        for (Operand o : operands) {
            if (!o.optional()) {
                n++;
            }
        }
        return n;
    }

    /** The most operands this form takes. */
    int maxOperands() {
        return operands.size();
    }
}
