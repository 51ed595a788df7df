package dev.gmac.gpu.cfg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.SoftwareGpu;
import dev.gmac.gpu.ptx.PtxModule;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The write-set inference of ADSM paper §4.3 ("interprocedural pointer analysis in the compiler") on nvcc's
 * code: {@code cfg_param_access.cu} (src/test/cuda), compiled with the project's fixed nvcc flags.
 */
class ParamAccessTest {
    private static SoftwareGpu gpu;
    private static PtxModule module;

    @BeforeAll
    static void load() {
        gpu = new SoftwareGpu();
        module = gpu.loadResource("/ptx/cfg_param_access.ptx");
    }

    @AfterAll
    static void close() {
        gpu.close();
    }

    private static ParamAccess of(String kernel) {
        return ParamAccess.analyze(module.program(), kernel);
    }

    @Test
    void constRestrictInputsLoadedWithNcAreReadOnly() {
        ParamAccess access = of("restrict_inputs");
        assertTrue(access.isAnalysed());
        assertFalse(access.isReadOnly(0));
        assertTrue(access.mayWriteThrough(0));
        assertTrue(access.isReadOnly(1));
        assertTrue(access.isReadOnly(2));
        assertFalse(access.isDereferenced(3), "n is a value");
        assertFalse(access.writesThroughUnknownPointers());
        assertEquals(List.of(49), access.writeLines(0), "the st.global.f32 of line 49");
    }

    @Test
    void plainInputsWithoutRestrictAreProvenReadOnlyToo() {
        ParamAccess access = of("plain_inputs");
        assertTrue(access.mayWriteThrough(0));
        assertTrue(access.isReadOnly(1));
        assertTrue(access.isReadOnly(2));
    }

    @Test
    void aLoadedIndexDoesNotHideWhichPointerIsStoredThrough() {
        ParamAccess access = of("gather_scatter");
        assertTrue(access.mayWriteThrough(0), "out[idx[i]] writes out");
        assertTrue(access.isReadOnly(1));
        assertTrue(access.isReadOnly(2));
        assertFalse(access.writesThroughUnknownPointers());
    }

    @Test
    void aStoreThroughALoadedPointerMayWriteAnyPointerParameter() {
        ParamAccess access = of("through_table");
        assertTrue(access.writesThroughUnknownPointers());
        assertEquals(List.of(168), access.unknownWriteLines());
        assertTrue(access.mayWriteThrough(0));
        assertTrue(access.mayWriteThrough(1), "in might be where table[0] points");
        assertFalse(access.isReadOnly(1));
        assertFalse(access.mayWriteThrough(2), "n is a 4-byte value");
    }

    @Test
    void anAtomicIsAWriteAndANeverDereferencedCountIsAValue() {
        ParamAccess access = of("count_only");
        assertTrue(access.mayWriteThrough(0));
        assertTrue(access.isReadOnly(1));
        assertFalse(access.isDereferenced(2), "the 64-bit count is compared, never used as an address");
        assertFalse(access.mayWriteThrough(2));
    }

    @Test
    void aBufferReadAndWrittenIsWritten() {
        ParamAccess access = of("in_place");
        assertTrue(access.isDereferenced(0));
        assertFalse(access.isReadOnly(0));
    }

    @Test
    void unknownKernelsAndIndexesAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> ParamAccess.analyze(module.program(), "nope"));
        assertThrows(IndexOutOfBoundsException.class, () -> of("in_place").isReadOnly(2));
    }

    @Test
    void saxpyReadsXAndWritesY() {
        try (SoftwareGpu device = new SoftwareGpu()) {
            PtxModule saxpy = device.loadResource("/ptx/saxpy.ptx");
            ParamAccess access = ParamAccess.analyze(saxpy.program(), "saxpy");
            assertEquals("ParamAccess[saxpy: [value, value, read-only, written]]", access.toString());
        }
    }
}
