package dev.gmac.gpu.timing.functional;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.SoftwareGpu;
import dev.gmac.gpu.ptx.FunctionInfo;
import dev.gmac.gpu.ptx.Program;
import dev.gmac.gpu.ptx.PtxModule;
import org.junit.jupiter.api.Test;

class RegisterPressureTest {
    @Test
    void liveRegistersAreFarFewerThanDeclaredAndNeverZero() {
        try (SoftwareGpu gpu = new SoftwareGpu()) {
            for (String k : new String[] {"vector_add", "matmul_tiled", "reduction", "bfs"}) {
                PtxModule m = gpu.loadResource("/ptx/" + k + ".ptx");
                Program p = m.program();
                for (FunctionInfo f : p.functions()) {
                    if (!f.isEntry) {
                        continue;
                    }
                    int live = RegisterPressure.of(p.code(), f);
                    int declared = f.slots - f.constSlots.length;
                    assertTrue(live >= 2 && live <= declared, f.name + ": " + live + " of " + declared);
                }
            }
            Program mm = gpu.loadResource("/ptx/matmul_tiled.ptx").program();
            int live = RegisterPressure.of(mm.code(), mm.function("matmul_tiled"));
            assertTrue(live <= 40, "matmul_tiled keeps a few dozen values live, not 123: " + live);
        }
    }
}
