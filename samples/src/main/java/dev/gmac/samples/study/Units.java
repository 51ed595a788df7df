package dev.gmac.samples.study;

import java.util.Locale;

/** Byte counts and sizes in IEC units, as the study prints and parses them ({@code 4 KiB}, {@code 32 MiB}). */
public final class Units {
    private static final String[] UNITS = {"B", "KiB", "MiB", "GiB", "TiB"};

    private Units() {}

    /** {@code 4096} as {@code 4 KiB}; {@code 1536} as {@code 1.5 KiB}; {@code 100} as {@code 100 B}. */
    public static String bytes(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        double value = bytes;
        int unit = 0;
        while (value >= 1024 && unit < UNITS.length - 1) {
            value /= 1024;
            unit++;
        }
        String number = value == Math.rint(value)
                ? String.valueOf((long) value)
                : String.format(Locale.ROOT, value < 10 ? "%.2f" : value < 100 ? "%.1f" : "%.0f", value);
        return number + " " + UNITS[unit];
    }

    /** A block size label without spaces, for series names and file names: {@code 4KiB}, {@code 32MiB}. */
    public static String compact(long bytes) {
        return bytes(bytes).replace(" ", "");
    }

    /**
     * Parses a size: a plain number of bytes or a number with a unit ({@code 4k}, {@code 4K}, {@code 4KiB},
     * {@code 256KB}, {@code 1m}, {@code 32MiB}); units are powers of 1024.
     */
    public static long parseBytes(String text) {
        String s = text.trim().toLowerCase(Locale.ROOT).replace(" ", "");
        int end = 0;
        while (end < s.length() && (Character.isDigit(s.charAt(end)))) {
            end++;
        }
        if (end == 0) {
            throw new IllegalArgumentException("not a size: '" + text + "' (examples: 4096, 4KiB, 256k, 32MiB)");
        }
        long number = Long.parseLong(s.substring(0, end));
        String unit = s.substring(end);
        long factor =
                switch (unit) {
                    case "", "b" -> 1L;
                    case "k", "kb", "kib" -> 1L << 10;
                    case "m", "mb", "mib" -> 1L << 20;
                    case "g", "gb", "gib" -> 1L << 30;
                    default ->
                        throw new IllegalArgumentException(
                                "unknown unit '" + unit + "' in '" + text + "' (use B, KiB, MiB or GiB)");
                };
        return Math.multiplyExact(number, factor);
    }

    /** Seconds in the most readable of s, ms and us. */
    public static String seconds(double seconds) {
        if (seconds >= 1) {
            return String.format(Locale.ROOT, "%.3f s", seconds);
        }
        if (seconds >= 1e-3) {
            return String.format(Locale.ROOT, "%.3f ms", seconds * 1e3);
        }
        return String.format(Locale.ROOT, "%.1f us", seconds * 1e6);
    }
}
