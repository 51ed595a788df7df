package dev.gmac.samples.study;

import java.util.Locale;

/**
 * Byte counts and times as the study prints them ({@code 4 KiB}, {@code 32 MiB}, {@code 1.5 ms}). Sizes are parsed
 * by the project's one size grammar, {@link dev.gmac.gpu.config.ByteSize}.
 */
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
