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
    private final PtxLexer lexer;
    /** Registers declared so far in the function being parsed, checked against the limits as they are read. */
    private long regsInFunction;

    private long predsInFunction;
    private String functionName;
    /** The module's {@code .version}, for checking a {@code .target} against it. */
    private String version;
    /** The current token and the one after it (the parser never looks further ahead). */
    private Token cur;

    private Token ahead;
    /** {@code .file} index to file name (PTX ISA §11.6.3). */
    private final java.util.Map<Integer, String> files = new java.util.HashMap<>();

    PtxParser(String text) {
        if (text.length() > PtxLimits.MAX_TEXT_CHARS) {
            throw new UnsupportedPtxException(
                    1,
                    1,
                    "PTX text",
                    "the text has " + text.length() + " characters, more than the limit of " + PtxLimits.MAX_TEXT_CHARS
                            + " (PtxLimits.MAX_TEXT_CHARS)");
        }
        this.lexer = new PtxLexer(text);
        this.cur = lexer.next();
    }

    private Token peek() {
        return cur;
    }

    private Token peek(int k) {
        if (k == 0) {
            return cur;
        }
        if (ahead == null) {
            ahead = cur.kind() == Kind.EOF ? cur : lexer.next();
        }
        return ahead;
    }

    private Token advance() {
        Token t = cur;
        if (t.kind() != Kind.EOF) {
            if (ahead != null) {
                cur = ahead;
                ahead = null;
            } else {
                cur = lexer.next();
            }
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

    /**
     * The value of an integer literal (PTX ISA §4.5.1: decimal, {@code 0x} hex, {@code 0b} binary, leading-zero
     * octal, optional {@code U}). Like ptxas, the digits are accumulated in 64 bits, so a literal beyond 2^64 - 1
     * keeps its low 64 bits, and "constant overflow" is reported when a further digit follows an accumulated
     * value of 2^63 or more (ptxas 13.0 accepts {@code 18446744073709551616} as 0 and rejects
     * {@code 0xFFFFFFFFFFFFFFFFF}; the fuzzing run of {@code docs/ptx-fuzzing.md} checks that the two agree).
     */
    static long parseInt(Token t) {
        String s = t.text();
        if (s.endsWith("U") || s.endsWith("u")) {
            s = s.substring(0, s.length() - 1);
        }
        int base = 10;
        int start = 0;
        if (s.startsWith("0x") || s.startsWith("0X")) {
            base = 16;
            start = 2;
        } else if (s.startsWith("0b") || s.startsWith("0B")) {
            base = 2;
            start = 2;
        } else if (s.length() > 1 && s.startsWith("0")) {
            base = 8;
            start = 1;
        }
        if (start == s.length()) {
            throw new PtxSyntaxException(t.line(), t.column(), "integer literal without digits: " + t.text());
        }
        long v = 0;
        for (int i = start; i < s.length(); i++) {
            int d = Character.digit(s.charAt(i), base);
            if (d < 0) {
                throw new PtxSyntaxException(t.line(), t.column(), "bad digit in integer literal " + t.text());
            }
            if (v < 0) {
                throw new PtxSyntaxException(t.line(), t.column(), "constant overflow: integer literal " + t.text());
            }
            v = v * base + d;
        }
        return v;
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
        List<PtxAst.VarDecl> globals = new ArrayList<>();
        List<PtxAst.Function> functions = new ArrayList<>();
        // The module header: .version, then .target, then optionally .address_size (PTX ISA §11.1), once each.
        skipModuleNoise();
        Token vt = peek();
        if (!vt.isDot(".version")) {
            throw error(vt, "a PTX module starts with .version");
        }
        advance();
        version = parseVersion();
        skipModuleNoise();
        Token tt = peek();
        if (!tt.isDot(".target")) {
            throw error(tt, "expected .target after .version");
        }
        advance();
        String target = parseTarget(tt, version);
        skipModuleNoise();
        while (peek().isDot(".target")) { // ptxas accepts further .target directives here, before .address_size
            parseTarget(advance(), version);
            skipModuleNoise();
        }
        int addressSize = 64;
        if (peek().isDot(".address_size")) {
            Token a = advance();
            long size = expectInt("32 or 64");
            if (size != 64) {
                throw new UnsupportedPtxException(
                        a.line(), a.column(), ".address_size " + size, "only 64-bit addressing is supported");
            }
        }
        while (peek().kind() != Kind.EOF) {
            Token t = peek();
            if (t.kind() != Kind.DOT_IDENT) {
                throw error(t, "expected a directive (.entry, .func, a variable, ...)");
            }
            switch (t.text()) {
                case ".version":
                case ".target":
                case ".address_size":
                    throw error(t, t.text() + " may appear only once, at the start of the module");
                case ".file":
                case ".loc":
                case ".section":
                case ".pragma":
                    skipModuleNoise();
                    break;
                default:
                    parseModuleDeclaration(globals, functions);
            }
        }
        return new PtxAst.Module(version, target, addressSize, globals, functions, files);
    }

    /** {@code .file index "name" [, timestamp, size]} (PTX ISA §11.6.3): records the name; the rest is ignored. */
    private void parseFile(Token directive) {
        Token index = peek();
        if (index.kind() != Kind.INT || index.line() != directive.line()) {
            throw error(index, "expected the file index of .file");
        }
        advance();
        Token name = peek();
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

    /** Skips {@code .file}, {@code .loc}, {@code .section} and {@code .pragma} directives. */
    private void skipModuleNoise() {
        while (true) {
            Token t = peek();
            if (t.isDot(".file")) {
                advance();
                parseFile(t);
            } else if (t.isDot(".loc")) {
                advance();
                skipRestOfLine(t);
            } else if (t.isDot(".section")) {
                advance();
                while (!peek().is("{")) {
                    if (peek().kind() == Kind.EOF) {
                        throw error(peek(), "expected '{' opening the .section");
                    }
                    advance();
                }
                skipBraces();
            } else if (t.isDot(".pragma")) {
                advance();
                skipToSemicolon();
            } else {
                return;
            }
        }
    }

    /** The newest PTX ISA version this front end knows (that of nvcc 13.0). */
    static final int MAX_VERSION = 90;

    /** {@code major.minor} after {@code .version}, checked against the versions this front end knows. */
    private String parseVersion() {
        Token v = advance();
        if (v.kind() != Kind.DECIMAL_FLOAT || !v.text().matches("[0-9]{1,3}\\.[0-9]")) {
            throw error(v, "expected a version number major.minor after .version");
        }
        int code = versionCode(v.text());
        if (code > MAX_VERSION) {
            throw new UnsupportedPtxException(
                    v.line(),
                    v.column(),
                    ".version " + v.text(),
                    "PTX ISA " + v.text() + " is newer than 9.0, the newest version this front end knows");
        }
        return v.text();
    }

    private static int versionCode(String v) {
        int dot = v.indexOf('.');
        return Integer.parseInt(v.substring(0, dot)) * 10 + Integer.parseInt(v.substring(dot + 1));
    }

    /** The PTX ISA version (×10) that introduced each target (PTX ISA §11.1.5, release notes). */
    private static final java.util.Map<String, Integer> TARGETS = java.util.Map.ofEntries(
            java.util.Map.entry("sm_50", 40),
            java.util.Map.entry("sm_52", 40),
            java.util.Map.entry("sm_53", 42),
            java.util.Map.entry("sm_60", 50),
            java.util.Map.entry("sm_61", 50),
            java.util.Map.entry("sm_62", 50),
            java.util.Map.entry("sm_70", 60),
            java.util.Map.entry("sm_72", 61),
            java.util.Map.entry("sm_75", 63),
            java.util.Map.entry("sm_80", 70),
            java.util.Map.entry("sm_86", 71),
            java.util.Map.entry("sm_87", 74),
            java.util.Map.entry("sm_88", 90),
            java.util.Map.entry("sm_89", 78),
            java.util.Map.entry("sm_90", 78),
            java.util.Map.entry("sm_90a", 80),
            java.util.Map.entry("sm_100", 86),
            java.util.Map.entry("sm_100a", 86),
            java.util.Map.entry("sm_100f", 88),
            java.util.Map.entry("sm_101", 86),
            java.util.Map.entry("sm_101a", 86),
            java.util.Map.entry("sm_103", 88),
            java.util.Map.entry("sm_103a", 88),
            java.util.Map.entry("sm_110", 90),
            java.util.Map.entry("sm_120", 87),
            java.util.Map.entry("sm_120a", 87),
            java.util.Map.entry("sm_121", 88),
            java.util.Map.entry("sm_121a", 88));

    private static final java.util.Set<String> TARGET_OPTIONS =
            java.util.Set.of("texmode_unified", "texmode_independent", "debug", "map_f64_to_f32");

    /** {@code sm_NN[, option...]} after {@code .target}: one known architecture that {@code version} supports. */
    private String parseTarget(Token directive, String version) {
        StringBuilder sb = new StringBuilder();
        String arch = null;
        while (true) {
            Token n = expectIdent("a target name");
            if (TARGETS.containsKey(n.text())) {
                if (arch != null) {
                    throw error(n, "a second architecture in .target");
                }
                arch = n.text();
            } else if (!TARGET_OPTIONS.contains(n.text())) {
                throw error(n, "unknown .target (sm_50 ... sm_121a, texmode_unified, texmode_independent, debug)");
            }
            sb.append(sb.length() == 0 ? "" : ",").append(n.text());
            if (!peek().is(",")) {
                break;
            }
            advance();
        }
        if (arch == null) {
            throw new PtxSyntaxException(directive.line(), directive.column(), ".target names no architecture (sm_NN)");
        }
        if (versionCode(version) < TARGETS.get(arch)) {
            int need = TARGETS.get(arch);
            throw new PtxSyntaxException(
                    directive.line(),
                    directive.column(),
                    "PTX ISA " + version + " does not support .target " + arch + " (it needs " + need / 10 + "."
                            + need % 10 + " or later)");
        }
        return sb.toString();
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
                alignment(d); // .ptr .space .align N: the alignment of the data pointed to
            } else if (d.text().equals(".ptr")) {
                ptr = true;
            } else if (d.text().equals(".align")) {
                align = alignment(d);
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
        if (type == PtxType.PRED) {
            throw new PtxSyntaxException(
                    first.line(),
                    first.column(),
                    "predicates live only in registers (.reg .pred), not in " + spaceTok.text());
        }
        Token nameTok = expectIdent("a variable name");
        long elements = 1;
        boolean isArray = false;
        boolean unsized = false;
        while (peek().is("[")) {
            Token open = advance();
            isArray = true;
            if (peek().is("]")) {
                if (unsized) {
                    throw error(peek(), "only the first dimension of an array may be left empty");
                }
                unsized = true;
                elements = 0;
            } else {
                Token sizeTok = peek();
                long n = expectInt("an array size");
                if (n == 0) {
                    unsized = true; // a zero size is as incomplete as an empty one (ptxas)
                    if (sizeTok.kind() != Kind.INT) {
                        throw error(sizeTok, "expected an array size");
                    }
                }
                if (n < 0 || (elements != 0 && n > MAX_VARIABLE_BYTES / elements)) {
                    throw new UnsupportedPtxException(
                            open.line(),
                            open.column(),
                            spaceTok.text(),
                            "array " + nameTok.text() + " has more than " + MAX_VARIABLE_BYTES + " elements");
                }
                elements = elements == 0 ? 0 : elements * n;
            }
            expect("]");
        }
        int elementSize = type.byteSize() * Math.max(1, vec);
        if (elements > MAX_VARIABLE_BYTES / elementSize) {
            throw new UnsupportedPtxException(
                    nameTok.line(),
                    nameTok.column(),
                    spaceTok.text(),
                    "variable " + nameTok.text() + " of " + elements + " elements of " + elementSize
                            + " bytes is larger than " + MAX_VARIABLE_BYTES + " bytes");
        }
        List<PtxAst.InitValue> init = null;
        if (peek().is("=")) {
            Token eq = advance();
            init = new ArrayList<>();
            parseInitializer(init);
            long capacity = isArray ? elements * Math.max(1, vec) : Math.max(1, vec);
            if (unsized) {
                elements = (init.size() + Math.max(1, vec) - 1) / Math.max(1, vec);
            } else if (init.size() > capacity) {
                throw new PtxSyntaxException(
                        eq.line(),
                        eq.column(),
                        "too many initializers for " + nameTok.text() + ": " + init.size() + " values for " + capacity
                                + " elements");
            }
            checkInitializerTypes(init, type, nameTok);
        }
        if (unsized && init == null && !".extern".equals(linkage) && space != PtxAst.Space.PARAM) {
            throw new PtxSyntaxException(
                    nameTok.line(),
                    nameTok.column(),
                    "array " + nameTok.text() + "[] has no size: only an .extern declaration or an initialized array"
                            + " may leave it out");
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

    /** Variables larger than this (256 TiB) are larger than any device: refused before sizes can overflow. */
    static final long MAX_VARIABLE_BYTES = 1L << 48;

    /** The value after {@code .align}: a power of two up to {@link PtxLimits#MAX_ALIGN}. */
    private int alignment(Token directive) {
        Token v = peek();
        long a = expectInt("an alignment");
        if (a <= 0 || (a & (a - 1)) != 0) {
            throw new PtxSyntaxException(v.line(), v.column(), "alignment must be a power of two, found " + v.text());
        }
        if (a > PtxLimits.MAX_ALIGN) {
            throw new UnsupportedPtxException(
                    v.line(),
                    v.column(),
                    ".align " + v.text(),
                    "alignments above " + PtxLimits.MAX_ALIGN + " bytes are not supported (PtxLimits.MAX_ALIGN)");
        }
        return (int) a;
    }

    /** An initializer of a floating-point variable holds floating-point literals, of an integer one integers. */
    private static void checkInitializerTypes(List<PtxAst.InitValue> init, PtxType type, Token name) {
        for (PtxAst.InitValue iv : init) {
            PtxAst.Operand o = iv.value();
            boolean bad = (o instanceof PtxAst.IntLit && type.isFloat())
                    || (o instanceof PtxAst.FloatLit && !type.isFloat() && type.kind() != PtxType.Kind.BITS)
                    || (o instanceof PtxAst.Name && type.byteSize() < 4);
            if (bad) {
                throw new PtxSyntaxException(
                        name.line(),
                        name.column(),
                        "initial value of the wrong kind for ." + type.ptxName() + " variable " + name.text() + ": "
                                + describe(o));
            }
        }
    }

    private static String describe(PtxAst.Operand o) {
        if (o instanceof PtxAst.IntLit) {
            return "an integer literal";
        }
        if (o instanceof PtxAst.FloatLit) {
            return "a floating-point literal";
        }
        return "an address";
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
            case DECIMAL_FLOAT: {
                advance();
                double d = Double.parseDouble(t.text());
                if (Double.isInfinite(d)) {
                    throw new PtxSyntaxException(
                            t.line(), t.column(), "constant overflow: " + t.text() + " does not fit in a 64-bit float");
                }
                return new PtxAst.FloatLit(Double.doubleToRawLongBits(d), true);
            }
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
        java.util.Set<String> paramNames = new java.util.HashSet<>();
        for (List<PtxAst.Param> list : List.of(returns, params)) {
            for (PtxAst.Param p : list) {
                if (!paramNames.add(p.name())) {
                    throw new PtxSyntaxException(
                            p.line(), p.column(), "duplicate parameter " + p.name() + " of " + name.text());
                }
            }
        }
        functionName = name.text();
        regsInFunction = 0;
        predsInFunction = 0;
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
            if (v.byteSize() > PtxLimits.MAX_FRAME_BYTES) {
                throw new UnsupportedPtxException(
                        v.line(),
                        v.column(),
                        ".param",
                        "parameter " + v.name() + " of " + v.byteSize() + " bytes is larger than the "
                                + PtxLimits.MAX_FRAME_BYTES + "-byte frame limit (PtxLimits.MAX_FRAME_BYTES)");
            }
            list.add(new PtxAst.Param(
                    v.name(), v.type(), v.vectorWidth(), v.align(), v.elements(), v.isArray(), v.line(), v.column()));
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
            case ".target":
                advance();
                parseTarget(t, version); // ptxas accepts a repeated .target inside a body; it changes nothing here
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
            long n = 1;
            if (peek().is("<")) {
                advance();
                Token c = peek();
                n = expectInt("a register count");
                if (n < 0 || n > Integer.MAX_VALUE) {
                    throw new PtxSyntaxException(c.line(), c.column(), "constant overflow: register count " + c.text());
                }
                count = (int) n;
                expect(">");
            }
            boolean pred = type == PtxType.PRED;
            long total = (pred ? predsInFunction : regsInFunction) + n;
            long limit = pred ? PtxLimits.MAX_PREDICATES_PER_FUNCTION : PtxLimits.MAX_REGISTERS_PER_FUNCTION;
            if (total > limit) {
                throw new UnsupportedPtxException(
                        name.line(),
                        name.column(),
                        ".reg",
                        "function " + functionName + " declares " + total + (pred ? " predicate" : "")
                                + " registers, more than the limit of " + limit + " (PtxLimits.MAX_"
                                + (pred ? "PREDICATES" : "REGISTERS") + "_PER_FUNCTION)");
            }
            if (pred) {
                predsInFunction = total;
            } else {
                regsInFunction = total;
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
