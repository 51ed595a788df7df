package dev.gmac.gpu.ptx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/**
 * Keeps the generated sections of {@code docs/ptx-support.md} equal to what the opcode table and the committed
 * PTX generate. To regenerate after changing {@link OpcodeTable} or a committed PTX file:
 * {@code mvn -B -ntp -pl gpu-model -am test -Dtest=PtxSupportDocTest -Dsurefire.failIfNoSpecifiedTests=false
 * -Dgmac.docs.write=true}.
 */
class PtxSupportDocTest {
    @Test
    void generatedSectionsOfPtxSupportMdAreCurrent() throws IOException {
        if (Boolean.getBoolean("gmac.docs.write")) {
            PtxSupportDoc.write();
        }
        String text = Files.readString(PtxSupportDoc.FILE, StandardCharsets.UTF_8);
        String expected = PtxSupportDoc.regenerate(text);
        if (!expected.equals(text)) {
            String[] a = expected.split("\n", -1);
            String[] b = text.split("\n", -1);
            int i = 0;
            while (i < a.length && i < b.length && a[i].equals(b[i])) {
                i++;
            }
            fail("docs/ptx-support.md is out of date at line " + (i + 1) + ":\n  expected: "
                    + (i < a.length ? a[i] : "<end>") + "\n  found:    " + (i < b.length ? b[i] : "<end>")
                    + "\nregenerate with: mvn -B -ntp -pl gpu-model -am test -Dtest=PtxSupportDocTest"
                    + " -Dsurefire.failIfNoSpecifiedTests=false -Dgmac.docs.write=true");
        }
        assertEquals(expected, text);
    }
}
