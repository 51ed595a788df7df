package dev.gmac.samples.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.samples.study.workload.RysIntegrals;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * rpes in the device shape of Parboil's program (decision 0125): a descriptor per block and a table entry per
 * quartet written once by the host, a partial per block that only the device touches, the integrals read once,
 * and two phases of launches chunked at a grid-size limit. A small grid limit makes each phase several calls.
 */
class RpesDeviceShapeTest {
    /** 4 shells of 1, 2, 3 and 1 primitives: 35 quartets; a grid of 8 blocks makes several calls per phase. */
    private static final RysIntegrals.Params PARAMS = new RysIntegrals.Params(4, 3, 8);

    private static final long SEED = 2010;
    private static final Map<Variant, TransferCounts> COUNTS = new LinkedHashMap<>();

    @BeforeAll
    static void runUnderEachProtocolAndTheExplicitCopies() {
        PreparedProblem problem = new PreparedProblem(new RysIntegrals().problem(PARAMS, SEED));
        for (Variant v : List.of(Variant.BATCH, Variant.LAZY, Variant.ROLLING, Variant.EXPLICIT)) {
            // StudyRunner compares the integrals with the Java reference and throws on any difference.
            RunSettings settings = new RunSettings(v, RunSettings.DEFAULT_BLOCK_SIZE, RunSettings.defaultRollingSize());
            COUNTS.put(v, StudyRunner.run(problem, settings).counts());
        }
    }

    private static RysIntegrals.Layout layout() {
        return RysIntegrals.Layout.of(PARAMS);
    }

    /** Bytes of the basis, the descriptors and the quartet table: what the host writes before the calls. */
    private static long hostWritten() {
        int primitives = 1 + 2 + 3 + 1;
        long basis = 4L * PARAMS.shells() * Float.BYTES + 2L * primitives * Float.BYTES;
        return basis
                + (long) layout().blocks() * RysIntegrals.DESCRIPTOR_BYTES
                + (long) PARAMS.quartets() * RysIntegrals.TABLE_BYTES;
    }

    private static int calls() {
        return layout().computeCalls(PARAMS) + layout().reduceCalls(PARAMS);
    }

    @Test
    void theLayoutGivesEachQuartetItsBlocksInOrder() {
        RysIntegrals.Layout layout = layout();
        int[] table = layout.table();
        assertEquals(35, PARAMS.quartets(), "n(n+1)(n+2)(n+3)/24 unique quartets");
        int next = 0;
        for (int q = 0; q < PARAMS.quartets(); q++) {
            assertEquals(next, table[2 * q], "quartet " + q + " starts where the previous one ends");
            assertTrue(table[2 * q + 1] >= 1);
            for (int b = next; b < next + table[2 * q + 1]; b++) {
                assertEquals(next, layout.work()[4 * b + 3], "block " + b + " names its quartet's first block");
            }
            next += table[2 * q + 1];
        }
        assertEquals(layout.blocks(), next);
        // Shell 2 has 3 primitives: its (22|22) has 81 primitive integrals, two blocks of 64.
        assertEquals(2, layout.maxBlocks());
        assertEquals(2, layout.reduceWidth());
        assertTrue(layout.computeCalls(PARAMS) > 1 && layout.reduceCalls(PARAMS) > 1, "several calls per phase");
    }

    @Test
    void theExplicitCopiesMoveTheHostWrittenObjectsInOnceAndTheIntegralsOutOnce() {
        TransferCounts explicit = COUNTS.get(Variant.EXPLICIT);
        // The partials are device-only: any copy of them would show in these byte counts.
        assertEquals(hostWritten(), explicit.bytesToAccelerator());
        assertEquals((long) PARAMS.quartets() * Float.BYTES, explicit.bytesToHost());
        assertEquals(1, explicit.transfersToHost());
    }

    @Test
    void batchUpdateMovesEveryObjectBothWaysAtEveryCall() {
        TransferCounts batch = COUNTS.get(Variant.BATCH);
        long all = hostWritten() + (long) layout().blocks() * Float.BYTES + (long) PARAMS.quartets() * Float.BYTES;
        int objects = 6; // centres, primitives, descriptors, partials, quartet table, integrals
        assertEquals(calls() * all, batch.bytesToAccelerator());
        assertEquals(calls() * all, batch.bytesToHost());
        assertEquals((long) calls() * objects, batch.transfersToAccelerator());
        assertEquals((long) calls() * objects, batch.transfersToHost());
    }

    @Test
    void lazyAndRollingMoveWhatTheExplicitCopiesMove() {
        TransferCounts explicit = COUNTS.get(Variant.EXPLICIT);
        for (Variant v : List.of(Variant.LAZY, Variant.ROLLING)) {
            TransferCounts c = COUNTS.get(v);
            assertEquals(explicit.bytesToAccelerator(), c.bytesToAccelerator(), v.label() + " to the accelerator");
            assertEquals(explicit.bytesToHost(), c.bytesToHost(), v.label() + " to the host");
        }
    }

    /**
     * The paper, §5.1: batch-update produces "a slow-down of up to 65.18X in pns and 18.64X in rpes". With a block
     * per quartet, batch moves 2 x 32 bytes per quartet per call against the explicit copies' 28 in all, so 18.64x
     * needs ceil(18.64 x 28 / 64) = 9 calls.
     */
    @Test
    void theGridLimitGivesTheCallsThePapersSlowDownNeeds() {
        assertEquals(9, RysIntegrals.Params.leastCalls(1000, 1000));
        assertEquals(9, RysIntegrals.Params.leastCalls(20_000, 20_000));
        for (int shells : new int[] {4, 10, 12, 25}) {
            RysIntegrals.Params p = RysIntegrals.Params.scaled(shells, 3);
            RysIntegrals.Layout layout = RysIntegrals.Layout.of(p);
            int least = RysIntegrals.Params.leastCalls(layout.blocks(), p.quartets());
            int calls = layout.computeCalls(p) + layout.reduceCalls(p);
            assertTrue(calls >= least, shells + " shells: " + calls + " calls, need " + least);
            RysIntegrals.Params wider = new RysIntegrals.Params(shells, 3, p.gridLimit() + 1);
            assertTrue(
                    layout.computeCalls(wider) + layout.reduceCalls(wider) < least,
                    shells + " shells: the largest such limit");
            assertTrue(
                    p.gridLimit() <= (long) p.quartets() * 65535 / 20000,
                    "never above Parboil's 65535 blocks per 20000 quartets");
        }
    }

    @Test
    void inputsTheDescriptorCannotHoldAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> new RysIntegrals.Params(257, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> new RysIntegrals.Params(4, 9, 1));
        assertThrows(IllegalArgumentException.class, () -> new RysIntegrals.Params(100, 8, 1));
        assertThrows(IllegalArgumentException.class, () -> new RysIntegrals.Params(4, 3, 0));
    }
}
