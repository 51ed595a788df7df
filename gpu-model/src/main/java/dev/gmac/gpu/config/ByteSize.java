package dev.gmac.gpu.config;

import java.util.Locale;

/**
 * The one grammar of byte sizes in gmac-jvm, used by timing preset files, the runtime's settings ({@code
 * -Dgmac.blockSize=4KiB}, {@code GMAC_BLOCK_SIZE}) and every command-line option that takes a size: a whole
 * number, optionally with {@code _} between digits, optionally followed (with or without a space) by a unit in
 * any letter case: {@code B}; {@code K}, {@code KB}, {@code KiB}; {@code M}, {@code MB}, {@code MiB}; {@code G},
 * {@code GB}, {@code GiB}; {@code T}, {@code TB}, {@code TiB}. Units are powers of 1024 ({@code 4KB} = {@code 4KiB}
 * = 4096), as for memory sizes everywhere in this project.
 */
public final class ByteSize {
    /** Examples for messages. */
    public static final String EXAMPLES = "4096, 16K or 1M";

    private ByteSize() {}

    /**
     * Parses a size.
     *
     * @throws IllegalArgumentException saying what is expected, when {@code text} is not a size or exceeds
     *     {@link Long#MAX_VALUE} bytes
     */
    public static long parse(String text) {
        String s = text.strip();
        int end = 0;
        while (end < s.length() && (Character.isDigit(s.charAt(end)) || (end > 0 && s.charAt(end) == '_'))) {
            end++;
        }
        String digits = s.substring(0, end).replace("_", "");
        String unit = s.substring(end).strip().toLowerCase(Locale.ROOT);
        int shift =
                switch (unit) {
                    case "", "b" -> 0;
                    case "k", "kb", "kib" -> 10;
                    case "m", "mb", "mib" -> 20;
                    case "g", "gb", "gib" -> 30;
                    case "t", "tb", "tib" -> 40;
                    default -> -1;
                };
        if (digits.isEmpty() || shift < 0 || s.endsWith("_")) {
            throw new IllegalArgumentException("expects a size such as " + EXAMPLES + ", got '" + brief(text) + "'");
        }
        if (digits.length() > 19) {
            throw tooLarge(text);
        }
        try {
            long n = Long.parseLong(digits);
            if (shift > 0 && n > (Long.MAX_VALUE >> shift)) {
                throw tooLarge(text);
            }
            return n << shift;
        } catch (NumberFormatException e) {
            throw tooLarge(text);
        }
    }

    /** The size in the shortest exact form of the grammar: {@code 4K}, {@code 1M}, {@code 4100}. */
    public static String format(long bytes) {
        String[] units = {"", "K", "M", "G", "T"};
        int u = 0;
        long n = bytes;
        while (u < units.length - 1 && n != 0 && n % 1024 == 0) {
            n /= 1024;
            u++;
        }
        return n + units[u];
    }

    private static IllegalArgumentException tooLarge(String text) {
        return new IllegalArgumentException("size '" + brief(text) + "' is too large");
    }

    private static String brief(String text) {
        return text.length() <= 40 ? text : text.substring(0, 40) + "...";
    }
}
