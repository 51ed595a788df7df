package dev.gmac.gpu.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import org.junit.jupiter.api.Test;

/**
 * Rounding and padding corners of {@link PrintfFormat}, each expected string being what glibc's {@code printf}
 * prints for the same format and arguments (checked with gcc on the development machine).
 */
class PrintfFormatTest {
    /** Formats with arguments given as raw 4- or 8-byte values in order (doubles as their bits). */
    private static String format(String fmt, long... args) {
        Deque<Long> queue = new ArrayDeque<>();
        for (long a : args) {
            queue.add(a);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int n = PrintfFormat.format(
                fmt.getBytes(StandardCharsets.US_ASCII),
                new PrintfFormat.Args() {
                    @Override
                    public long next(int bytes) {
                        long v = queue.remove();
                        return bytes == 8 ? v : v & 0xFFFFFFFFL;
                    }

                    @Override
                    public byte[] string(long pointer) {
                        return ("s" + pointer).getBytes(StandardCharsets.US_ASCII);
                    }
                },
                out);
        assertEquals(args.length, n, "arguments consumed");
        return out.toString(StandardCharsets.US_ASCII);
    }

    private static long d(double v) {
        return Double.doubleToRawLongBits(v);
    }

    @Test
    void roundingCarriesIntoTheExponentAndTiesGoToEven() {
        assertEquals("10", format("%g", d(9.9999995)));
        assertEquals("1.000000e+01", format("%e", d(9.99999999)));
        assertEquals("2e+01", format("%.0e", d(25.0)));
        assertEquals("0.2|0.3", format("%.1f|%.1f", d(0.25), d(0.35)));
        assertEquals("0.000123", format("%.3g", d(0.0001235)));
        assertEquals("1e-300|1.23457e+08", format("%g|%g", d(1e-300), d(123456789.0)));
        assertEquals("0.3333333333", format("%.10f", d(1.0 / 3)));
    }

    @Test
    void hexFloatsAsGlibcPrintsThem() {
        assertEquals("0x0.0000000000001p-1022", format("%a", d(4.9e-324)));
        assertEquals("0x2.00p+0|0x2p+0|0X1.FFP+7", format("%.2a|%.0a|%A", d(1.999), d(1.5), d(255.5)));
    }

    @Test
    void signsZerosAndPadding() {
        assertEquals("-0.000000", format("%f", d(-0.0)));
        assertEquals("0|0|   +3|+3   |-02.5", format("%#x|%#o|%+5d|%-+5d|%05.1f", 0, 0, 3, 3, d(-2.5)));
        assertEquals("ffffffff|-9223372036854775808", format("%x|%lld", -1, Long.MIN_VALUE));
        assertEquals("  1.2346e+02|9.87E-04    |1E-10", format("%12.4e|%-12.2E|%G", d(123.456), d(0.000987), d(1e-10)));
    }

    @Test
    void stringsAndUnknownConversions() {
        assertEquals("[  s16|s1]", format("[%5s|%.2s]", 16, 17));
        assertEquals("100% sure %y", format("100%% sure %y"));
    }

    @Test
    void starWidthAndPrecisionFromTheDeviceAreCappedLikeDigitForms() {
        // A device value of 2^31-1 for '*' would ask for a 2 GiB field: capped at MAX_FIELD, as "%2147483647d" is.
        String wide = format("%*d", 0x7fffffffL, 1);
        assertEquals(PrintfFormat.MAX_FIELD, wide.length());
        assertEquals(wide, format("%2147483647d", 1));
        String left = format("%*d", 0x80000000L, 7); // INT_MIN: left-justified, capped
        assertEquals(PrintfFormat.MAX_FIELD, left.length());
        assertEquals('7', left.charAt(0));
        String precise = format("%.*f", 0x7fffffffL, d(0.5));
        assertEquals(2 + PrintfFormat.MAX_FIELD, precise.length(), "0. and the capped precision's digits");
    }
}
