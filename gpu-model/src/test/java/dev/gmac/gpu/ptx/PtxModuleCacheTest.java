package dev.gmac.gpu.ptx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.exec.TestDevice;
import org.junit.jupiter.api.Test;

/**
 * Decision 0403: a module without {@code .global} variables is parsed and lowered once per process and its program
 * shared by every device that loads the same text; a module with variables is lowered per device, since their
 * addresses are baked into its code.
 */
class PtxModuleCacheTest {
    private static final String INC = ".visible .entry inc(.param .u64 p)\n{\n .reg .b32 %r<3>;\n .reg .b64 %rd<4>;\n"
            + " ld.param.u64 %rd1, [p];\n mov.u32 %r1, %tid.x;\n mul.wide.u32 %rd2, %r1, 4;\n"
            + " add.s64 %rd3, %rd1, %rd2;\n ld.global.u32 %r2, [%rd3];\n add.s32 %r2, %r2, 1;\n"
            + " st.global.u32 [%rd3], %r2;\n ret;\n}\n";

    private static final String WITH_VARIABLE = ".global .align 4 .u32 counter = 7;\n"
            + ".visible .entry bump()\n{\n .reg .b32 %r<2>;\n ld.global.u32 %r1, [counter];\n"
            + " add.s32 %r1, %r1, 1;\n st.global.u32 [counter], %r1;\n ret;\n}\n";

    @Test
    void devicesShareTheProgramOfAModuleWithoutVariablesAndEachRunsItOnItsOwnMemory() {
        try (TestDevice a = new TestDevice();
                TestDevice b = new TestDevice()) {
            PtxModule ma = a.load(INC);
            PtxModule mb = b.load(INC);
            assertNotSame(ma, mb);
            assertSame(ma.program(), mb.program(), "lowered once");
            assertSame(a.gpu(), ma.owner());
            assertSame(b.gpu(), mb.owner());
            long pa = a.ints(1, 2, 3);
            long pb = b.ints(10, 20, 30);
            a.launch(ma, "inc", Dim3.of(1), Dim3.of(3), pa);
            b.launch(mb, "inc", Dim3.of(1), Dim3.of(3), pb);
            b.launch(mb, "inc", Dim3.of(1), Dim3.of(3), pb);
            assertArrayEquals(new int[] {2, 3, 4}, a.readInts(pa, 3));
            assertArrayEquals(new int[] {12, 22, 32}, b.readInts(pb, 3));
        }
    }

    @Test
    void aModuleWithVariablesIsLoweredPerDevice() {
        try (TestDevice a = new TestDevice();
                TestDevice b = new TestDevice()) {
            PtxModule ma = a.load(WITH_VARIABLE);
            PtxModule mb = b.load(WITH_VARIABLE);
            assertNotSame(ma.program(), mb.program());
            assertNotEquals(
                    ma.program().globalAddresses().get("counter"),
                    mb.program().globalAddresses().get("counter"),
                    "each device's variable in its own range");
        }
    }
}
