package dev.gmac.channels.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.channels.Channel;
import dev.gmac.channels.cilk.CilkFibonacci;
import dev.gmac.channels.cilk.Fibonacci;
import dev.gmac.channels.gpu.DeviceRuntime.Reservation;
import dev.gmac.channels.graph.ChannelNode;
import dev.gmac.channels.graph.Graph;
import dev.gmac.channels.graph.GraphExecutor;
import dev.gmac.channels.graph.HostGraphExecutor;
import dev.gmac.gpu.SoftwareGpu;
import dev.gmac.gpu.timing.config.TimingPresets;
import org.junit.jupiter.api.Test;

/**
 * The naive Fibonacci graph of Orr et al. (ISCA 2014), Figures 6 and 7, as one graph that runs on the host executor
 * (Java kernel) and on the software GPU under the aggregator (the CUDA kernel {@code channels_fib.cu}).
 */
class GpuFibonacciTest {
    static int fib(SoftwareGpu gpu, int n, int capacity, GraphExecutor executor) {
        Graph g = Graph.onDevice(gpu);
        int result = (int) Fibonacci.run(g, n, capacity, executor);
        assertDrained(g);
        return result;
    }

    /**
     * After a run every element was dispatched exactly once and freed: the control head is at the reserve tail,
     * every done count is complete for the laps allocated, and the data head stopped at the first group that is
     * not full (groups are freed only whole, in order).
     */
    static void assertDrained(Graph g) {
        for (ChannelNode n : g.channelNodes()) {
            Channel c = n.channel();
            int group = c.layout().elementsPerDoneCount();
            int capacity = c.layout().capacity();
            assertEquals(c.controlReserveTail(), c.controlHead(), n.name() + ": every element dispatched");
            assertEquals(c.controlReserveTail(), c.dataTail(), n.name() + ": every reservation enqueued");
            c.reclaim();
            assertEquals(c.dataTail() / group * group, c.dataHead(), n.name() + ": freed up to the tail's group");
            long tail = c.dataTail();
            for (int slot = 0; slot < capacity; slot += group) {
                long allocated = 0;
                for (long lapStart = 0; lapStart + slot < tail; lapStart += capacity) {
                    allocated += Math.min(group, tail - (lapStart + slot));
                }
                assertEquals(allocated, c.doneCount(slot), n.name() + ": done count of group " + slot / group);
            }
        }
    }

    private static GpuGraphExecutor apu8(AggregatorCost cost, Reservation r) {
        return new GpuGraphExecutor(
                TimingPresets.load("apu8"), cost, r, null, GpuGraphExecutor.DEFAULT_MAX_WAVEFRONTS, 2_000_000_000L);
    }

    @Test
    void fibonacciGivesTheSameResultOnTheHostAndOnTheGpu() {
        try (SoftwareGpu gpu = GpuGraphExecutor.device("apu8")) {
            assertEquals(377, fib(gpu, 14, 1024, new HostGraphExecutor()));
            GpuGraphExecutor exec = apu8(AggregatorCost.OOO_2, Reservation.WAVEFRONT);
            assertEquals(377, fib(gpu, 14, 1024, exec));
            AggregatorStats s = exec.lastRun().aggregator();
            assertEquals(Fibonacci.elements(14), s.elements(), "every call of fib(14) is one element");
            assertTrue(s.wavefronts() > 0 && exec.lastRun().timing().cycles() > 0);
        }
    }

    @Test
    void theBaselineChannelGivesTheSameResult() {
        try (SoftwareGpu gpu = GpuGraphExecutor.device("apu8")) {
            GpuGraphExecutor exec = apu8(AggregatorCost.OOO_2, Reservation.WORK_ITEM);
            assertEquals(144, fib(gpu, 12, 1024, exec));
        }
    }

    /**
     * Table 5's ordering on Cilk Fibonacci, whose levelization makes the GPU wait for the aggregator between
     * levels: the simple (unpipelined) aggregator blocks the GPU longer than the 4-way out-of-order one.
     */
    @Test
    void aSimplerAggregatorBlocksTheGpuLonger() {
        long[] blocked = new long[2];
        double[] cuBlocked = new double[2];
        int i = 0;
        for (AggregatorCost c : new AggregatorCost[] {AggregatorCost.SIMPLE, AggregatorCost.OOO_4}) {
            try (SoftwareGpu gpu = GpuGraphExecutor.device("apu8")) {
                GpuGraphExecutor exec = apu8(c, Reservation.WAVEFRONT);
                assertEquals(233, CilkFibonacci.run(Graph.onDevice(gpu), 13, 256, exec));
                AggregatorStats st = exec.lastRun().aggregator();
                assertTrue(st.cuCycles() > 0 && st.cuCycles() % 8 == 0, "8 units sampled every cycle: " + st);
                assertTrue(
                        st.cuBlockedCycles() >= st.blockedCycles(), "an idle GPU with work is a blocked unit: " + st);
                cuBlocked[i] = st.cuBlockedPercent();
                blocked[i++] = st.blockedCycles();
            }
        }
        assertTrue(blocked[1] > 0, "levelization leaves the GPU idle between levels");
        assertTrue(blocked[0] > blocked[1], "simple " + blocked[0] + " vs 4-way OoO " + blocked[1] + " cycles blocked");
        assertTrue(
                cuBlocked[0] > cuBlocked[1],
                "simple " + cuBlocked[0] + " vs 4-way OoO " + cuBlocked[1] + " % of CU cycles");
    }
}
