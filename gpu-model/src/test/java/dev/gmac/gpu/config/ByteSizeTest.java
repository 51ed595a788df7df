package dev.gmac.gpu.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The one size grammar and the shared configuration keys. */
class ByteSizeTest {
    @Test
    void everySpellingOfAUnitIsAPowerOf1024() {
        for (String s : List.of("4096", "4K", "4k", "4KB", "4kb", "4KiB", "4kib", "4 KiB", " 4K ", "4_096", "4096B")) {
            assertEquals(4096, ByteSize.parse(s), s);
        }
        assertEquals(1L << 20, ByteSize.parse("1M"));
        assertEquals(1L << 20, ByteSize.parse("1MiB"));
        assertEquals(3L << 30, ByteSize.parse("3GB"));
        assertEquals(2L << 40, ByteSize.parse("2TiB"));
        assertEquals(0, ByteSize.parse("0"));
    }

    @Test
    void badSizesSayWhatIsExpected() {
        for (String s : List.of("", "K", "4Q", "-4K", "4.5K", "0x10", "4K4", "4_", "_4")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ByteSize.parse(s), s);
            assertTrue(e.getMessage().contains("expects a size such as"), e.getMessage());
        }
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ByteSize.parse("9".repeat(100_000)))
                .getMessage()
                .contains("too large"));
        assertThrows(IllegalArgumentException.class, () -> ByteSize.parse("9999999999T"));
    }

    @Test
    void formatIsTheShortestExactForm() {
        assertEquals("4K", ByteSize.format(4096));
        assertEquals("1M", ByteSize.format(1 << 20));
        assertEquals("4100", ByteSize.format(4100));
        assertEquals("0", ByteSize.format(0));
        for (long n : new long[] {1, 1023, 1024, 1536, 3L << 30, 5L << 40}) {
            assertEquals(n, ByteSize.parse(ByteSize.format(n)));
        }
    }

    @Test
    void keysValidateOnceEach() {
        ConfigKey block = ConfigKey.size("gmac.blockSize", 8, 1L << 30, "block").multipleOf(8);
        assertEquals(4096L, block.parse("4KiB"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> block.parse("12"))
                .getMessage()
                .contains("multiple of 8"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> block.parse("2G"))
                .getMessage()
                .contains("in [8, 1G]"));
        ConfigKey flag = ConfigKey.bool("gmac.strict", "strict");
        assertEquals(Boolean.TRUE, flag.parse("yes"));
        assertEquals(Boolean.FALSE, flag.parse("OFF"));
        assertThrows(IllegalArgumentException.class, () -> flag.parse("maybe"));
        ConfigKey choice = ConfigKey.choice("p", Map.of("a", 1), "p");
        assertEquals(1, choice.parse("A"));
        assertEquals(List.of("gmac.blockSize"), ConfigKey.closest("gmac.blokSize", List.of(block, flag)));
    }
}
