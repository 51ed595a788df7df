package dev.gmac.gpu.ptx;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A seeded mutator over PTX text: the damage issue 16 lists (lines deleted, duplicated and swapped, tokens flipped,
 * types changed, braces broken, huge numbers), one to three mutations per case. The same seed text and random
 * state give the same mutant, so a failing case is reproduced from its seed and case number.
 */
final class PtxMutator {
    /** The kinds of mutation. */
    enum Kind {
        DELETE_LINE,
        DUPLICATE_LINE,
        SWAP_LINES,
        FLIP_TOKEN,
        CHANGE_TYPE,
        BREAK_BRACE,
        HUGE_NUMBER
    }

    /** A mutant and what was done to it. */
    record Mutant(String text, List<String> mutations) {}

    private static final Pattern TOKEN = Pattern.compile(
            "%?[A-Za-z_$][A-Za-z0-9_$]*|\\.[A-Za-z_][A-Za-z0-9_:]*|"
                    + "0[fF][0-9A-Fa-f]{8}|0[dD][0-9A-Fa-f]{16}|0[xX][0-9A-Fa-f]+|[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?|[{}\\[\\]();,<>|!@+-]");
    private static final Pattern TYPE =
            Pattern.compile("\\.(b8|b16|b32|b64|u8|u16|u32|u64|s8|s16|s32|s64|f16|f32|f64|pred)\\b");
    private static final Pattern NUMBER =
            Pattern.compile("(?<![%A-Za-z_$0-9.])(0[xX][0-9A-Fa-f]+|[0-9]+)(?![0-9A-Za-z_])");
    private static final String[] TYPES = {
        ".b8", ".b16", ".b32", ".b64", ".u8", ".u16", ".u32", ".u64", ".s8", ".s16", ".s32", ".s64", ".f16", ".f32",
        ".f64", ".pred"
    };
    private static final String[] HUGE = {
        "2147483647",
        "2147483648",
        "4294967295",
        "4294967296",
        "9223372036854775807",
        "9223372036854775808",
        "18446744073709551615",
        "18446744073709551616",
        "99999999999999999999999999999",
        "0xFFFFFFFFFFFFFFFF",
        "0x10000000000000000",
        "1e400",
        "1e39",
        "-1",
        "-2147483649",
        "0",
        "65536",
        "1099511627776"
    };

    private final Random random;

    PtxMutator(long seed) {
        this.random = new Random(seed);
    }

    /** One to three mutations of {@code text}. */
    Mutant mutate(String text) {
        int n = 1 + random.nextInt(3);
        List<String> done = new ArrayList<>();
        String t = text;
        for (int i = 0; i < n; i++) {
            Kind k = Kind.values()[random.nextInt(Kind.values().length)];
            String[] out = apply(k, t);
            t = out[0];
            done.add(out[1]);
        }
        return new Mutant(t, done);
    }

    private String[] apply(Kind k, String text) {
        List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
        switch (k) {
            case DELETE_LINE: {
                int i = random.nextInt(lines.size());
                String gone = lines.remove(i);
                return new String[] {String.join("\n", lines), "delete line " + (i + 1) + ": " + gone.trim()};
            }
            case DUPLICATE_LINE: {
                int i = random.nextInt(lines.size());
                int j = random.nextBoolean() ? i + 1 : random.nextInt(lines.size() + 1);
                lines.add(j, lines.get(i));
                return new String[] {String.join("\n", lines), "duplicate line " + (i + 1) + " at " + (j + 1)};
            }
            case SWAP_LINES: {
                int i = random.nextInt(lines.size());
                int j = random.nextBoolean()
                        ? Math.min(lines.size() - 1, i + 1 + random.nextInt(3))
                        : random.nextInt(lines.size());
                String a = lines.get(i);
                lines.set(i, lines.get(j));
                lines.set(j, a);
                return new String[] {String.join("\n", lines), "swap lines " + (i + 1) + " and " + (j + 1)};
            }
            case FLIP_TOKEN: {
                List<int[]> spans = spans(TOKEN, text);
                if (spans.isEmpty()) {
                    return new String[] {text, "no token"};
                }
                int[] s = spans.get(random.nextInt(spans.size()));
                String old = text.substring(s[0], s[1]);
                String repl;
                int how = random.nextInt(4);
                if (how == 0) {
                    repl = "";
                } else {
                    int[] o = spans.get(random.nextInt(spans.size()));
                    repl = text.substring(o[0], o[1]);
                }
                return new String[] {
                    text.substring(0, s[0]) + repl + text.substring(s[1]),
                    "token '" + old + "' at " + lineOf(text, s[0]) + " -> '" + repl + "'"
                };
            }
            case CHANGE_TYPE: {
                List<int[]> spans = spans(TYPE, text);
                if (spans.isEmpty()) {
                    return new String[] {text, "no type"};
                }
                int[] s = spans.get(random.nextInt(spans.size()));
                String repl = TYPES[random.nextInt(TYPES.length)];
                return new String[] {
                    text.substring(0, s[0]) + repl + text.substring(s[1]),
                    "type '" + text.substring(s[0], s[1]) + "' at " + lineOf(text, s[0]) + " -> '" + repl + "'"
                };
            }
            case BREAK_BRACE: {
                List<int[]> spans = spans(Pattern.compile("[{}]"), text);
                if (spans.isEmpty() || random.nextInt(3) == 0) {
                    int p = random.nextInt(text.length() + 1);
                    String b = random.nextBoolean() ? "{" : "}";
                    return new String[] {
                        text.substring(0, p) + b + text.substring(p), "insert '" + b + "' at " + lineOf(text, p)
                    };
                }
                int[] s = spans.get(random.nextInt(spans.size()));
                return new String[] {
                    text.substring(0, s[0]) + text.substring(s[1]),
                    "delete '" + text.charAt(s[0]) + "' at " + lineOf(text, s[0])
                };
            }
            default: {
                List<int[]> spans = spans(NUMBER, text);
                if (spans.isEmpty()) {
                    return new String[] {text, "no number"};
                }
                int[] s = spans.get(random.nextInt(spans.size()));
                String repl = HUGE[random.nextInt(HUGE.length)];
                return new String[] {
                    text.substring(0, s[0]) + repl + text.substring(s[1]),
                    "number '" + text.substring(s[0], s[1]) + "' at " + lineOf(text, s[0]) + " -> " + repl
                };
            }
        }
    }

    private static List<int[]> spans(Pattern p, String text) {
        List<int[]> out = new ArrayList<>();
        Matcher m = p.matcher(text);
        while (m.find()) {
            out.add(new int[] {m.start(), m.end()});
        }
        return out;
    }

    private static String lineOf(String text, int pos) {
        int line = 1;
        for (int i = 0; i < pos && i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        return "line " + line;
    }
}
