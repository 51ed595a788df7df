package dev.gmac.gpu.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.LaunchStats;
import dev.gmac.gpu.TestHardware;
import org.junit.jupiter.api.Test;

/**
 * Guards the surefire executions that rerun the kernel tests on other hardware: the harness's launches really
 * use the divergence model and warp width of the run.
 */
class TestHardwareAppliesTest {
    @Test
    void launchesUseTheRunsDivergenceModelAndWarpWidth() {
        try (KernelRunner k = new KernelRunner("vector_add")) {
            long a = k.upload(new float[100]);
            long c = k.allocate(400);
            LaunchStats s = k.launch("vector_add", Dim3.of(1), Dim3.of(128), a, a, c, 100);
            assertEquals(TestHardware.divergence(), s.divergence());
            assertEquals(TestHardware.warpSize(), s.warpSize());
        }
    }
}
