package dev.gmac.channels.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.channels.cilk.CilkFibonacci;
import dev.gmac.channels.cilk.Fibonacci;
import dev.gmac.channels.cilk.Queens;
import dev.gmac.channels.graph.Graph;
import dev.gmac.channels.graph.HostGraphExecutor;
import dev.gmac.gpu.SoftwareGpu;
import dev.gmac.gpu.timing.config.TimingPresets;
import org.junit.jupiter.api.Test;

/**
 * The Cilk workloads of Orr et al. (ISCA 2014, §7.1) built so far, each as one graph run on the host executor and on
 * the software GPU under the aggregator, with small inputs; the results are the known answers and every channel is
 * drained afterwards (all elements dispatched once, done counts complete, groups freed in order).
 */
class GpuCilkTest {
    private static GpuGraphExecutor gpuExecutor() {
        return new GpuGraphExecutor(TimingPresets.load("apu8"), AggregatorCost.OOO_2);
    }

    @Test
    void queensCountsTheKnownSolutionsOnTheHostAndOnTheGpu() {
        try (SoftwareGpu gpu = GpuGraphExecutor.device("apu8")) {
            Graph host = Graph.onDevice(gpu);
            assertEquals(Queens.expected(8), Queens.run(host, 8, 4, 1024, new HostGraphExecutor()));
            GpuFibonacciTest.assertDrained(host);
            GpuGraphExecutor exec = gpuExecutor();
            Graph g = Graph.onDevice(gpu);
            assertEquals(Queens.expected(8), Queens.run(g, 8, 4, 1024, exec));
            GpuFibonacciTest.assertDrained(g);
            assertTrue(exec.lastRun().aggregator().wavefronts() > 0);
        }
    }

    @Test
    void cilkFibonacciMergesContinuationsOnTheHostAndOnTheGpu() {
        try (SoftwareGpu gpu = GpuGraphExecutor.device("apu8")) {
            Graph host = Graph.onDevice(gpu);
            assertEquals(Fibonacci.expected(12), CilkFibonacci.run(host, 12, 256, new HostGraphExecutor()));
            GpuFibonacciTest.assertDrained(host);
            GpuGraphExecutor exec = gpuExecutor();
            Graph g = Graph.onDevice(gpu);
            assertEquals(Fibonacci.expected(12), CilkFibonacci.run(g, 12, 256, exec));
            GpuFibonacciTest.assertDrained(g);
            // every call of the recursion is one task; every inner call also one continuation
            assertEquals(
                    Fibonacci.elements(12) + Fibonacci.expected(12) - 1,
                    exec.lastRun().aggregator().elements());
        }
    }
}
