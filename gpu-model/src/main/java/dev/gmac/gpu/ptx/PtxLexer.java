package dev.gmac.gpu.ptx;

/**
 * Splits PTX text into tokens with 1-based line and column (PTX ISA §4: source format). Comments ({@code //}
 * to end of line and {@code /* ... *}{@code /}, including nvcc's {@code // begin inline asm} markers) are
 * dropped. Special registers with a component ({@code %tid.x}) are one token; opcode modifiers and directives
 * ({@code .global}, {@code .L1::no_allocate}) are {@link Kind#DOT_IDENT} tokens. Tokens are produced on demand
 * ({@link #next()}), so the parser holds only its small lookahead, not a token list as long as the text.
 */
final class PtxLexer {
    /** Token kinds. */
    enum Kind {
        IDENT,
        DOT_IDENT,
        INT,
        F32_BITS,
        F64_BITS,
        DECIMAL_FLOAT,
        STRING,
        PUNCT,
        EOF
    }

    /** One token; {@code spaceBefore} is true when whitespace or a comment precedes it. */
    record Token(Kind kind, String text, int line, int column, boolean spaceBefore) {
        boolean is(String punct) {
            return kind == Kind.PUNCT && text.equals(punct);
        }

        boolean isDot(String directive) {
            return kind == Kind.DOT_IDENT && text.equals(directive);
        }

        @Override
        public String toString() {
            return kind == Kind.EOF ? "end of file" : "'" + text + "'";
        }
    }

    private final String src;
    private int pos;
    private int line = 1;
    private int lineStart;
    private boolean pendingSpace = true;

    PtxLexer(String src) {
        this.src = src;
    }

    /** The next token; at the end, an {@link Kind#EOF} token (again on every further call). */
    Token next() {
        int before = pos;
        skipSpaceAndComments();
        boolean space = pendingSpace || pos != before;
        if (pos >= src.length()) {
            return new Token(Kind.EOF, "", line, col(), true);
        }
        pendingSpace = false;
        return next(space);
    }

    private int col() {
        return pos - lineStart + 1;
    }

    private PtxSyntaxException error(String msg) {
        return new PtxSyntaxException(line, col(), msg);
    }

    private void skipSpaceAndComments() {
        while (pos < src.length()) {
            char c = src.charAt(pos);
            if (c == '\n') {
                pos++;
                line++;
                lineStart = pos;
            } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f') {
                pos++;
            } else if (c == '/' && pos + 1 < src.length() && src.charAt(pos + 1) == '/') {
                while (pos < src.length() && src.charAt(pos) != '\n') {
                    pos++;
                }
            } else if (c == '/' && pos + 1 < src.length() && src.charAt(pos + 1) == '*') {
                int startLine = line;
                int startCol = col();
                pos += 2;
                while (true) {
                    if (pos + 1 >= src.length()) {
                        throw new PtxSyntaxException(startLine, startCol, "unterminated /* comment");
                    }
                    if (src.charAt(pos) == '*' && src.charAt(pos + 1) == '/') {
                        pos += 2;
                        break;
                    }
                    if (src.charAt(pos) == '\n') {
                        line++;
                        lineStart = pos + 1;
                    }
                    pos++;
                }
            } else {
                return;
            }
        }
    }

    private static boolean isIdentStart(char c) {
        return Character.isLetter(c) || c == '_' || c == '$' || c == '%';
    }

    private static boolean isIdentPart(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }

    private static boolean isHex(char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    private Token next(boolean space) {
        int startLine = line;
        int startCol = col();
        int start = pos;
        char c = src.charAt(pos);
        if (isIdentStart(c)) {
            pos++;
            while (pos < src.length() && isIdentPart(src.charAt(pos))) {
                pos++;
            }
            // %tid.x, %ntid.y, %r1.x: a special register with a component is one token.
            if (c == '%'
                    && pos + 1 < src.length()
                    && src.charAt(pos) == '.'
                    && "xyzw".indexOf(src.charAt(pos + 1)) >= 0
                    && (pos + 2 >= src.length() || !isIdentPart(src.charAt(pos + 2)))) {
                pos += 2;
            }
            return new Token(Kind.IDENT, src.substring(start, pos), startLine, startCol, space);
        }
        if (c == '.' && pos + 1 < src.length() && (isIdentPart(src.charAt(pos + 1)))) {
            pos++;
            while (pos < src.length()) {
                char d = src.charAt(pos);
                if (isIdentPart(d)) {
                    pos++;
                } else if (d == ':' && pos + 1 < src.length() && src.charAt(pos + 1) == ':') {
                    pos += 2;
                } else {
                    break;
                }
            }
            return new Token(Kind.DOT_IDENT, src.substring(start, pos), startLine, startCol, space);
        }
        if (c >= '0' && c <= '9') {
            return number(startLine, startCol, space);
        }
        if (c == '"') {
            pos++;
            StringBuilder sb = new StringBuilder();
            while (true) {
                if (pos >= src.length() || src.charAt(pos) == '\n') {
                    throw new PtxSyntaxException(startLine, startCol, "unterminated string literal");
                }
                char d = src.charAt(pos++);
                if (d == '"') {
                    break;
                }
                if (d == '\\' && pos < src.length()) {
                    d = src.charAt(pos++);
                }
                sb.append(d);
            }
            return new Token(Kind.STRING, sb.toString(), startLine, startCol, space);
        }
        if (c == ':' && pos + 1 < src.length() && src.charAt(pos + 1) == ':') {
            pos += 2;
            return new Token(Kind.PUNCT, "::", startLine, startCol, space);
        }
        if (",;:[](){}+-<>@!|=*/&^~".indexOf(c) >= 0) {
            pos++;
            return new Token(Kind.PUNCT, String.valueOf(c), startLine, startCol, space);
        }
        throw error("unexpected character '" + c + "'");
    }

    private Token number(int startLine, int startCol, boolean space) {
        int start = pos;
        if (src.startsWith("0f", pos) || src.startsWith("0F", pos)) {
            int end = pos + 2;
            while (end < src.length() && isHex(src.charAt(end))) {
                end++;
            }
            if (end - pos - 2 == 8) {
                pos = end;
                return new Token(Kind.F32_BITS, src.substring(start + 2, pos), startLine, startCol, space);
            }
            throw error("a 0f float literal needs exactly 8 hex digits");
        }
        if (src.startsWith("0d", pos) || src.startsWith("0D", pos)) {
            int end = pos + 2;
            while (end < src.length() && isHex(src.charAt(end))) {
                end++;
            }
            if (end - pos - 2 == 16) {
                pos = end;
                return new Token(Kind.F64_BITS, src.substring(start + 2, pos), startLine, startCol, space);
            }
            throw error("a 0d double literal needs exactly 16 hex digits");
        }
        if (src.startsWith("0x", pos) || src.startsWith("0X", pos)) {
            pos += 2;
            while (pos < src.length() && isHex(src.charAt(pos))) {
                pos++;
            }
            if (pos < src.length() && (src.charAt(pos) == 'U' || src.charAt(pos) == 'u')) {
                pos++;
            }
            return new Token(Kind.INT, src.substring(start, pos), startLine, startCol, space);
        }
        if (src.startsWith("0b", pos) || src.startsWith("0B", pos)) {
            pos += 2;
            while (pos < src.length() && (src.charAt(pos) == '0' || src.charAt(pos) == '1')) {
                pos++;
            }
            if (pos < src.length() && (src.charAt(pos) == 'U' || src.charAt(pos) == 'u')) {
                pos++;
            }
            return new Token(Kind.INT, src.substring(start, pos), startLine, startCol, space);
        }
        while (pos < src.length() && Character.isDigit(src.charAt(pos))) {
            pos++;
        }
        boolean isFloat = false;
        if (pos < src.length()
                && src.charAt(pos) == '.'
                && pos + 1 < src.length()
                && Character.isDigit(src.charAt(pos + 1))) {
            isFloat = true;
            pos++;
            while (pos < src.length() && Character.isDigit(src.charAt(pos))) {
                pos++;
            }
        }
        if (pos < src.length() && (src.charAt(pos) == 'e' || src.charAt(pos) == 'E')) {
            int save = pos;
            pos++;
            if (pos < src.length() && (src.charAt(pos) == '+' || src.charAt(pos) == '-')) {
                pos++;
            }
            if (pos < src.length() && Character.isDigit(src.charAt(pos))) {
                isFloat = true;
                while (pos < src.length() && Character.isDigit(src.charAt(pos))) {
                    pos++;
                }
            } else {
                pos = save;
            }
        }
        if (isFloat) {
            return new Token(Kind.DECIMAL_FLOAT, src.substring(start, pos), startLine, startCol, space);
        }
        if (pos < src.length() && (src.charAt(pos) == 'U' || src.charAt(pos) == 'u')) {
            pos++;
        }
        return new Token(Kind.INT, src.substring(start, pos), startLine, startCol, space);
    }
}
