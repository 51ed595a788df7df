package dev.gmac.channels.cilk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.channels.ChannelLayout;
import dev.gmac.channels.cilk.ChannelsStudy.Run;
import dev.gmac.channels.cilk.ChannelsStudy.Workload;
import dev.gmac.channels.gpu.AggregatorCost;
import dev.gmac.channels.gpu.DeviceRuntime.Reservation;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A study run dispatches at most its workload's wavefront limit: the paper-sized Queens (13x13, Orr et al. ISCA
 * 2014 Table 3) needs more than the executor's default of 32,768, so {@code --full} gives it more room; a limit that
 * is too small stops the run with a message that names the limit.
 */
class ChannelsStudyWavefrontLimitTest {
    private static Run run(Workload w) {
        return new Run(
                "scaling",
                w,
                8,
                1,
                AggregatorCost.OOO_2,
                Reservation.WAVEFRONT,
                w.defaultCapacity(),
                ChannelLayout.DEFAULT_ELEMENTS_PER_DONE_COUNT,
                null,
                false);
    }

    @Test
    void aRunUsesItsWorkloadsWavefrontLimit() {
        ChannelsStudy study = new ChannelsStudy(List.of(), label -> {});
        Workload queens = ChannelsStudy.queens(6, 4, 256);
        assertEquals(Queens.expected(6), study.measure(run(queens)).result());
        IllegalStateException tooFew =
                assertThrows(IllegalStateException.class, () -> study.measure(run(queens.withMaxWavefronts(1))));
        assertTrue(tooFew.getMessage().contains("more than 1 wavefronts"), tooFew.getMessage());
    }
}
