package dev.gmac.samples.divergence.report;

import dev.gmac.gpu.timing.stats.IssueSlot;
import dev.gmac.gpu.timing.stats.MemoryStall;
import dev.gmac.samples.divergence.DivergenceResults;
import dev.gmac.samples.divergence.DivergenceRun;
import dev.gmac.samples.divergence.RunTotals;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The columns of one study run, shared by the CSV file and the JSON document (same keys, same order): the run, its
 * check, cycles and speedup over PDOM, SIMD efficiency, the issue-slot breakdown of Fung thesis Figures 3.11-3.12
 * in the thesis's order (W0_Idle, W0_Mem, W1-4 ... W29-32, Stall), the memory-pipeline stall reasons and their
 * total relative to PDOM, L2 accesses, DRAM bytes and the deepest SIMT state.
 */
public final class DivergenceColumns {
    private DivergenceColumns() {}

    /** The column keys, in order. */
    public static List<String> keys(int warpSize) {
        List<String> k = new ArrayList<>(List.of(
                "workload",
                "set",
                "model",
                "blockPriority",
                "l2",
                "correct",
                "mismatch",
                "launches",
                "cycles",
                "speedupVsPdom",
                "ipc",
                "simdEfficiency",
                "warpInstructions",
                "threadInstructions",
                "divergentBranches"));
        for (String label : IssueSlot.labelsInThesisOrder(warpSize)) {
            k.add("slots" + label);
        }
        for (MemoryStall s : MemoryStall.values()) {
            k.add("stall_" + s.key());
        }
        k.addAll(List.of("memoryStalls", "memoryStallsVsPdom", "l2Accesses", "dramBytes", "maxStackDepth"));
        return k;
    }

    /** The values of {@code r}, by key. */
    public static Map<String, Object> values(DivergenceResults results, DivergenceRun r) {
        RunTotals t = r.totals();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("workload", r.name());
        m.put("set", r.workload().set().label());
        m.put("model", r.model().label());
        m.put("blockPriority", r.model().priority().token());
        m.put("l2", r.l2().label());
        m.put("correct", r.correct());
        m.put("mismatch", r.verdict().firstMismatch());
        m.put("launches", t.launches());
        m.put("cycles", t.cycles());
        m.put("speedupVsPdom", number(results.speedup(r)));
        m.put("ipc", t.ipc());
        m.put("simdEfficiency", t.simdEfficiency());
        m.put("warpInstructions", t.warpInstructions());
        m.put("threadInstructions", t.threadInstructions());
        m.put("divergentBranches", t.divergentBranches());
        String[] labels = IssueSlot.labelsInThesisOrder(t.warpSize());
        int[] order = IssueSlot.indicesInThesisOrder();
        for (int i = 0; i < labels.length; i++) {
            m.put("slots" + labels[i], t.slots(order[i]));
        }
        for (MemoryStall s : MemoryStall.values()) {
            m.put("stall_" + s.key(), t.stall(s));
        }
        m.put("memoryStalls", t.memoryStalls());
        m.put("memoryStallsVsPdom", number(results.stallRatio(r)));
        m.put("l2Accesses", t.l2Accesses());
        m.put("dramBytes", t.dramBytes());
        m.put("maxStackDepth", t.maxStackDepth());
        return m;
    }

    /** A finite number, or null. */
    static Double number(double v) {
        return Double.isFinite(v) ? v : null;
    }
}
