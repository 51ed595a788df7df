package dev.gmac.gpu.ptx;

import dev.gmac.gpu.ptx.PtxLexer.Kind;
import dev.gmac.gpu.ptx.PtxLexer.Token;
import java.util.ArrayList;
import java.util.List;

/**
 * Recursive-descent parser for the PTX that nvcc 13 emits ({@code .version 9.0}, {@code .target sm_75} and
 * later, {@code .address_size 64}): module directives, variables with alignment, arrays and (nested)
 * initializers, {@code .entry}/{@code .func} with parameters and return parameters, register ranges, scoped
 * blocks, labels, guarded instructions and every operand form (PTX ISA §4-§6). The debugging directives {@code
 * .file} and {@code .loc} (nvcc {@code -lineinfo}) are kept for source positions in messages; other directives that
 * do not change execution ({@code .pragma}, {@code .maxntid}, {@code .reqntid}, {@code .minnctapersm}, {@code
 * .section}, ...) are skipped. Errors are {@link PtxSyntaxException}s with line
 * and column.
 */
final class PtxParser {
    private final List<Token> toks;
    private final java.util.Map<Integer, String> files = new java.util.HashMap<>();
    private int p;

    PtxParser(String text) {
        this.toks = new PtxLexer(text).tokenize();
    }

    private Token peek() {
        return toks.get(p);
    }

    private Token peek(int ahead) {
        return toks.get(Math.min(p + ahead, toks.size() - 1));
    }

    private Token advance() {
        Token t = toks.get(p);
        if (t.kind() != Kind.EOF) {
            p++;
        }
        return t;
    }

    private PtxSyntaxException error(Token t, String msg) {
        return new PtxSyntaxException(t.line(), t.column(), msg + ", found " + t);
    }

    private Token expect(String punct) {
        Token t = peek();
        if (!t.is(punct)) {
            throw error(t, "expected '" + punct + "'");
        }
        return advance();
    }

    private Token expectIdent(String what) {
        Token t = peek();
        if (t.kind() != Kind.IDENT) {
            throw error(t, "expected " + what);
        }
        return advance();
    }

    private long expectInt(String what) {
        Token t = peek();
        if (t.kind() != Kind.INT) {
            throw error(t, "expected " + what);
        }
        advance();
        return parseInt(t);
    }

    static long parseInt(Token t) {
        String s = t.text();
        if (s.endsWith("U") || s.endsWith("u")) {
            s = s.substring(0, s.length() - 1);
        }
        try {
            if (s.startsWith("0x") || s.startsWith("0X")) {
                return Long.parseUnsignedLong(s.substring(2), 16);
            }
            if (s.startsWith("0b") || s.startsWith("0B")) {
                return Long.parseUnsignedLong(s.substring(2), 2);
            }
            if (s.length() > 1 && s.startsWith("0")) {
                return Long.parseUnsignedLong(s.substring(1), 8);
            }
            return Long.parseUnsignedLong(s);
        } catch (NumberFormatException e) {
            throw new PtxSyntaxException(t.line(), t.column(), "integer literal out of range: " + t.text());
        }
    }

    /** Skips every token on the line of {@code directive} (for {@code .loc}/{@code .file}, which end there). */
    private void skipRestOfLine(Token directive) {
        while (peek().kind() != Kind.EOF && peek().line() == directive.line()) {
            advance();
        }
    }

    /** Skips a balanced {@code { ... }} group starting at the current '{'. */
    private void skipBraces() {
        Token open = expect("{");
        int depth = 1;
        while (depth > 0) {
            Token t = advance();
            if (t.kind() == Kind.EOF) {
                throw error(open, "unterminated '{'");
            }
            if (t.is("{")) {
                depth++;
            } else if (t.is("}")) {
                depth--;
            }
        }
    }

    private void skipToSemicolon() {
        while (!peek().is(";")) {
            if (peek().kind() == Kind.EOF) {
                throw error(peek(), "expected ';'");
            }
            advance();
        }
        advance();
    }

    PtxAst.Module parse() {
        String version = null;
        String target = null;
        int addressSize = 64;
        List<PtxAst.VarDecl> globals = new ArrayList<>();
        List<PtxAst.Function> functions = new ArrayList<>();
        while (peek().kind() != Kind.EOF) {
            Token t = peek();
            if (t.kind() != Kind.DOT_IDENT) {
                throw error(t, "expected a directive (.version, .target, .entry, .func, a variable, ...)");
            }
            switch (t.text()) {
                case ".version": {
                    advance();
                    Token v = advance();
                    if (v.kind() != Kind.DECIMAL_FLOAT && v.kind() != Kind.INT) {
                        throw error(v, "expected a version number");
                    }
                    version = v.text();
                    break;
                }
                case ".target": {
                    advance();
                    StringBuilder sb =
                            new StringBuilder(expectIdent("a target name").text());
                    while (peek().is(",")) {
                        advance();
                        sb.append(',').append(expectIdent("a target name").text());
                    }
                    target = sb.toString();
                    break;
                }
                case ".address_size": {
                    advance();
                    addressSize = (int) expectInt("32 or 64");
                    if (addressSize != 64) {
                        throw new UnsupportedPtxException(
                                t.line(),
                                t.column(),
                                ".address_size " + addressSize,
                                "only 64-bit addressing is supported");
                    }
                    break;
                }
                case ".file":
                    advance();
                    parseFile(t);
                    break;
                case ".loc":
                    advance();
                    skipRestOfLine(t);
                    break;
                case ".section":
                    advance();
                    while (!peek().is("{")) {
                        advance();
                    }
                    skipBraces();
                    break;
                case ".pragma":
                    advance();
                    skipToSemicolon();
                    break;
                default:
                    parseModuleDeclaration(globals, functions);
            }
        }
        if (version == null) {
            throw new PtxSyntaxException(1, 1, "missing .version directive");
        }
        if (target == null) {
            throw new PtxSyntaxException(1, 1, "missing .target directive");
        }
        return new PtxAst.Module(version, target, addressSize, globals, functions, files);
    }

    /** {@code .file index "name" [, timestamp, size]} (PTX ISA §11.6.3): records the name; the rest is ignored. */
    private void parseFile(Token directive) {
        Token index = peek();
        Token name = peek(1);
        if (index.kind() != Kind.INT || index.line() != directive.line()) {
            throw error(index, "expected the file index of .file");
        }
        if (name.kind() != Kind.STRING || name.line() != directive.line()) {
            throw error(name, "expected the quoted file name of .file");
        }
        files.put((int) parseInt(index), name.text());
        skipRestOfLine(directive);
    }

    /**
     * {@code .loc file line column [, function_name label, inlined_at file line column]} (PTX ISA §11.6.4): the
     * source position of the instructions that follow. The function name (a label into {@code .debug_str}) is
     * skipped.
     */
    private PtxAst.Loc parseLoc(Token directive) {
        long[] position = new long[3];
        for (int i = 0; i < 3; i++) {
            Token t = peek();
            if (t.kind() != Kind.INT || t.line() != directive.line()) {
                throw error(t, "expected .loc file line column");
            }
            position[i] = parseInt(advance());
        }
        PtxAst.Loc inlinedAt = null;
        while (peek().kind() != Kind.EOF && peek().line() == directive.line()) {
            Token t = advance();
            if (t.kind() == Kind.IDENT && t.text().equals("inlined_at")) {
                inlinedAt = parseLoc(directive);
            }
        }
        return new PtxAst.Loc((int) position[0], (int) position[1], (int) position[2], inlinedAt);
    }

    private void parseModuleDeclaration(List<PtxAst.VarDecl> globals, List<PtxAst.Function> functions) {
        Token first = peek();
        String linkage = null;
        while (peek().kind() == Kind.DOT_IDENT) {
            String d = peek().text();
            if (d.equals(".visible") || d.equals(".extern") || d.equals(".weak") || d.equals(".common")) {
                linkage = d;
                advance();
            } else {
                break;
            }
        }
        Token t = peek();
        if (t.isDot(".entry") || t.isDot(".func")) {
            functions.add(parseFunction(linkage));
            return;
        }
        PtxAst.Space space = t.kind() == Kind.DOT_IDENT ? PtxAst.Space.fromDirective(t.text()) : null;
        if (space == null || space == PtxAst.Space.REG || space == PtxAst.Space.PARAM) {
            throw error(t, "expected .entry, .func or a .global/.const/.shared variable");
        }
        globals.add(parseVariable(linkage, first));
        expect(";");
    }

    /** Parses {@code .space [.align N] [.vN] .type [.ptr ...] name[dims] [= init]} (no trailing ';'). */
    private PtxAst.VarDecl parseVariable(String linkage, Token first) {
        Token spaceTok = advance();
        PtxAst.Space space = PtxAst.Space.fromDirective(spaceTok.text());
        int align = 0;
        int vec = 0;
        PtxType type = null;
        boolean ptr = false;
        while (peek().kind() == Kind.DOT_IDENT) {
            Token d = advance();
            if (d.text().equals(".align") && ptr) {
                expectInt("an alignment"); // .ptr .space .align N: the alignment of the data pointed to
            } else if (d.text().equals(".ptr")) {
                ptr = true;
            } else if (d.text().equals(".align")) {
                align = (int) expectInt("an alignment");
            } else if (d.text().equals(".v2")
                    || d.text().equals(".v4")
                    || d.text().equals(".v8")) {
                vec = Integer.parseInt(d.text().substring(2));
            } else if (PtxType.fromName(d.text().substring(1)) != null) {
                type = PtxType.fromName(d.text().substring(1));
            } else if (d.text().equals(".ptr")
                    || d.text().equals(".global")
                    || d.text().equals(".shared")
                    || d.text().equals(".local")
                    || d.text().equals(".const")) {
                // .ptr state-space attributes on .param declarations
            } else {
                throw new UnsupportedPtxException(
                        d.line(), d.column(), d.text(), "unsupported variable attribute or type " + d.text());
            }
        }
        if (type == null) {
            throw error(peek(), "expected a type (.b32, .f32, ...) in the declaration");
        }
        Token nameTok = expectIdent("a variable name");
        long elements = 1;
        boolean isArray = false;
        while (peek().is("[")) {
            advance();
            isArray = true;
            if (peek().is("]")) {
                elements = 0;
            } else {
                elements *= expectInt("an array size");
            }
            expect("]");
        }
        List<PtxAst.InitValue> init = null;
        if (peek().is("=")) {
            advance();
            init = new ArrayList<>();
            parseInitializer(init);
            if (isArray && elements == 0) {
                elements = init.size() / Math.max(1, vec);
            }
        }
        return new PtxAst.VarDecl(
                space,
                linkage,
                type,
                vec,
                align,
                nameTok.text(),
                elements,
                isArray,
                init,
                first.line(),
                first.column());
    }

    private void parseInitializer(List<PtxAst.InitValue> out) {
        if (peek().is("{")) {
            advance();
            if (!peek().is("}")) {
                parseInitializer(out);
                while (peek().is(",")) {
                    advance();
                    parseInitializer(out);
                }
            }
            expect("}");
            return;
        }
        Token t = peek();
        if (t.kind() == Kind.IDENT && (t.text().equals("generic") || t.text().equals("mask")) && peek(1).is("(")) {
            if (t.text().equals("mask")) {
                throw new UnsupportedPtxException(
                        t.line(), t.column(), "mask()", "mask() initializers are not supported");
            }
            advance();
            expect("(");
            PtxAst.Operand o = parseSimpleValue();
            expect(")");
            long off = 0;
            if (peek().is("+") || peek().is("-")) {
                boolean neg = advance().is("-");
                off = expectInt("an offset");
                if (neg) {
                    off = -off;
                }
            }
            if (o instanceof PtxAst.Name && off != 0) {
                PtxAst.Name n = (PtxAst.Name) o;
                o = new PtxAst.Name(n.name(), n.offset() + off, n.line(), n.column());
            }
            out.add(new PtxAst.InitValue(o, true));
            return;
        }
        out.add(new PtxAst.InitValue(parseSimpleValue(), false));
    }

    /** A number, a negative number, or a name with an optional {@code +/- offset}. */
    private PtxAst.Operand parseSimpleValue() {
        Token t = peek();
        if (t.is("-")) {
            advance();
            PtxAst.Operand o = parseSimpleValue();
            if (o instanceof PtxAst.IntLit) {
                PtxAst.IntLit i = (PtxAst.IntLit) o;
                return new PtxAst.IntLit(-i.value(), false);
            }
            if (o instanceof PtxAst.FloatLit) {
                PtxAst.FloatLit f = (PtxAst.FloatLit) o;
                return f.isDouble()
                        ? new PtxAst.FloatLit(f.bits() ^ Long.MIN_VALUE, true)
                        : new PtxAst.FloatLit(f.bits() ^ 0x80000000L, false);
            }
            throw error(t, "'-' must precede a number");
        }
        switch (t.kind()) {
            case INT:
                advance();
                return new PtxAst.IntLit(
                        parseInt(t), t.text().endsWith("U") || t.text().endsWith("u"));
            case F32_BITS:
                advance();
                return new PtxAst.FloatLit(Long.parseLong(t.text(), 16), false);
            case F64_BITS:
                advance();
                return new PtxAst.FloatLit(Long.parseUnsignedLong(t.text(), 16), true);
            case DECIMAL_FLOAT:
                advance();
                return new PtxAst.FloatLit(Double.doubleToRawLongBits(Double.parseDouble(t.text())), true);
            case IDENT: {
                advance();
                long off = 0;
                if ((peek().is("+") || peek().is("-")) && !peek(1).is("{")) {
                    boolean neg = advance().is("-");
                    if (peek().is("-")) {
                        advance();
                        neg = !neg;
                    }
                    off = expectInt("an offset");
                    if (neg) {
                        off = -off;
                    }
                }
                return new PtxAst.Name(t.text(), off, t.line(), t.column());
            }
            default:
                throw error(t, "expected a value");
        }
    }

    private PtxAst.Function parseFunction(String linkage) {
        Token kw = advance();
        boolean isEntry = kw.text().equals(".entry");
        List<PtxAst.Param> returns = new ArrayList<>();
        if (!isEntry && peek().is("(")) {
            returns = parseParamList();
        }
        Token name = expectIdent("a function name");
        List<PtxAst.Param> params = new ArrayList<>();
        if (peek().is("(")) {
            params = parseParamList();
        }
        // Performance-tuning directives and attributes between the header and the body.
        while (peek().kind() == Kind.DOT_IDENT) {
            Token d = advance();
            switch (d.text()) {
                case ".maxntid":
                case ".reqntid":
                case ".minnctapersm":
                case ".maxnctapersm":
                case ".maxnreg":
                case ".maxclusterrank":
                case ".reqnctapercluster":
                case ".explicitcluster":
                case ".noreturn":
                    while (peek().kind() == Kind.INT || peek().is(",")) {
                        advance();
                    }
                    break;
                case ".pragma":
                    skipToSemicolon();
                    break;
                default:
                    throw new UnsupportedPtxException(
                            d.line(), d.column(), d.text(), "unsupported function directive " + d.text());
            }
        }
        if (peek().is(";")) {
            advance();
            return new PtxAst.Function(name.text(), isEntry, linkage, returns, params, null, kw.line(), kw.column());
        }
        expect("{");
        List<PtxAst.Statement> body = new ArrayList<>();
        parseBody(body);
        return new PtxAst.Function(name.text(), isEntry, linkage, returns, params, body, kw.line(), kw.column());
    }

    private List<PtxAst.Param> parseParamList() {
        expect("(");
        List<PtxAst.Param> list = new ArrayList<>();
        if (peek().is(")")) {
            advance();
            return list;
        }
        while (true) {
            Token t = peek();
            if (!t.isDot(".param") && !t.isDot(".reg")) {
                throw error(t, "expected .param");
            }
            PtxAst.VarDecl v = parseVariable(null, t);
            list.add(new PtxAst.Param(
                    v.name(), v.type(), v.vectorWidth(), v.align(), v.elements(), v.isArray(), v.line()));
            if (peek().is(",")) {
                advance();
                continue;
            }
            expect(")");
            return list;
        }
    }

    /** Parses statements up to and including the closing '}' of the current block. */
    private void parseBody(List<PtxAst.Statement> body) {
        while (true) {
            Token t = peek();
            if (t.kind() == Kind.EOF) {
                throw error(t, "expected '}' closing the function body");
            }
            if (t.is("}")) {
                advance();
                return;
            }
            if (t.is("{")) {
                advance();
                body.add(new PtxAst.ScopeMark(true, t.line()));
                parseBody(body);
                body.add(new PtxAst.ScopeMark(false, t.line()));
                continue;
            }
            if (t.kind() == Kind.DOT_IDENT) {
                parseBodyDirective(body);
                continue;
            }
            if (t.kind() == Kind.IDENT && peek(1).is(":")) {
                advance();
                advance();
                if (peek().isDot(".callprototype")) {
                    skipToSemicolon();
                    body.add(new PtxAst.Label(t.text(), t.line(), t.column()));
                    continue;
                }
                body.add(new PtxAst.Label(t.text(), t.line(), t.column()));
                continue;
            }
            body.add(parseInstruction());
        }
    }

    private void parseBodyDirective(List<PtxAst.Statement> body) {
        Token t = peek();
        switch (t.text()) {
            case ".loc":
                advance();
                body.add(parseLoc(t));
                return;
            case ".file":
                advance();
                parseFile(t);
                return;
            case ".pragma":
                advance();
                skipToSemicolon();
                return;
            case ".reg":
                parseRegDecl(body);
                return;
            case ".local":
            case ".shared":
            case ".param":
            case ".const":
            case ".global": {
                PtxAst.VarDecl v = parseVariable(null, t);
                body.add(v);
                expect(";");
                return;
            }
            case ".extern":
            case ".weak":
            case ".visible": {
                advance();
                Token s = peek();
                if (s.kind() == Kind.DOT_IDENT && PtxAst.Space.fromDirective(s.text()) != null) {
                    PtxAst.VarDecl v = parseVariable(t.text(), t);
                    body.add(v);
                    expect(";");
                    return;
                }
                throw error(s, "expected a variable declaration after " + t.text());
            }
            default:
                throw new UnsupportedPtxException(
                        t.line(), t.column(), t.text(), "unsupported directive in a function body");
        }
    }

    private void parseRegDecl(List<PtxAst.Statement> body) {
        Token first = advance();
        int vec = 0;
        PtxType type = null;
        while (peek().kind() == Kind.DOT_IDENT) {
            Token d = advance();
            if (d.text().equals(".v2") || d.text().equals(".v4")) {
                vec = Integer.parseInt(d.text().substring(2));
            } else if (PtxType.fromName(d.text().substring(1)) != null) {
                type = PtxType.fromName(d.text().substring(1));
            } else if (d.text().equals(".align")) {
                expectInt("an alignment");
            } else {
                throw new UnsupportedPtxException(
                        d.line(), d.column(), ".reg" + d.text(), "unsupported register type " + d.text());
            }
        }
        if (type == null) {
            throw error(peek(), "expected a register type");
        }
        while (true) {
            Token name = expectIdent("a register name");
            int count = -1;
            if (peek().is("<")) {
                advance();
                count = (int) expectInt("a register count");
                expect(">");
            }
            body.add(new PtxAst.RegDecl(type, vec, name.text(), count, name.line(), name.column()));
            if (peek().is(",")) {
                advance();
                continue;
            }
            expect(";");
            return;
        }
    }

    private PtxAst.Instruction parseInstruction() {
        Token start = peek();
        String guard = null;
        boolean neg = false;
        if (start.is("@")) {
            advance();
            if (peek().is("!")) {
                advance();
                neg = true;
            }
            guard = expectIdent("a guard predicate").text();
        }
        Token op = peek();
        if (op.kind() != Kind.IDENT) {
            throw error(op, "expected an instruction");
        }
        advance();
        List<String> mods = new ArrayList<>();
        while (peek().kind() == Kind.DOT_IDENT && !peek().spaceBefore()) {
            mods.add(advance().text());
        }
        List<PtxAst.Operand> operands = new ArrayList<>();
        if (!peek().is(";")) {
            operands.add(parseOperand());
            while (peek().is(",")) {
                advance();
                operands.add(parseOperand());
            }
        }
        if (!peek().is(";")) {
            throw error(peek(), "expected ',' or ';' after an operand of " + op.text());
        }
        advance();
        return new PtxAst.Instruction(guard, neg, op.text(), mods, operands, start.line(), start.column());
    }

    private PtxAst.Operand parseOperand() {
        Token t = peek();
        if (t.is("!")) {
            advance();
            return new PtxAst.Negated(parseOperand());
        }
        PtxAst.Operand o = parsePrimary();
        if (peek().is("|")) {
            advance();
            return new PtxAst.Pair(o, parsePrimary());
        }
        return o;
    }

    private PtxAst.Operand parsePrimary() {
        Token t = peek();
        if (t.is("[")) {
            return parseAddress();
        }
        if (t.is("{")) {
            advance();
            List<PtxAst.Operand> els = new ArrayList<>();
            els.add(parseOperand());
            while (peek().is(",")) {
                advance();
                els.add(parseOperand());
            }
            expect("}");
            return new PtxAst.Vector(els);
        }
        if (t.is("(")) {
            advance();
            List<PtxAst.Operand> els = new ArrayList<>();
            if (!peek().is(")")) {
                els.add(parseOperand());
                while (peek().is(",")) {
                    advance();
                    els.add(parseOperand());
                }
            }
            expect(")");
            return new PtxAst.ParenList(els);
        }
        if (t.kind() == Kind.IDENT && t.text().equals("_")) {
            advance();
            return new PtxAst.Sink();
        }
        return parseSimpleValue();
    }

    private PtxAst.Address parseAddress() {
        Token open = expect("[");
        String base = null;
        long off = 0;
        Token t = peek();
        if (t.kind() == Kind.IDENT) {
            base = advance().text();
            if (peek().is("+") || peek().is("-")) {
                boolean neg = advance().is("-");
                if (peek().is("-")) {
                    advance();
                    neg = !neg;
                }
                off = expectInt("an address offset");
                if (neg) {
                    off = -off;
                }
            }
        } else if (t.kind() == Kind.INT) {
            off = parseInt(advance());
        } else if (t.is("-")) {
            advance();
            off = -expectInt("an address");
        } else {
            throw error(t, "expected a register, variable or number in the address");
        }
        if (peek().is(",")) {
            // texture/surface forms [tex, {coords}]: kept whole so that the instruction is reported as unsupported
            List<PtxAst.Operand> els = new ArrayList<>();
            els.add(new PtxAst.Name(base == null ? "" : base, off, open.line(), open.column()));
            while (peek().is(",")) {
                advance();
                els.add(parseOperand());
            }
            expect("]");
            return new PtxAst.Address(null, 0, open.line(), open.column(), els);
        }
        if (!peek().is("]")) {
            throw error(peek(), "expected ']' closing the address ([base], [base+offset] or [number])");
        }
        advance();
        return new PtxAst.Address(base, off, open.line(), open.column(), null);
    }
}
