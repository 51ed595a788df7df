package dev.gmac.samples.study;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything a study measured: the table's rows (workload x variant, in plan order) and the points of each sweep.
 */
public record StudyResults(StudyOptions options, List<RunRow> rows, Map<Figure, List<SweepPoint>> sweeps) {
    public StudyResults {
        rows = List.copyOf(rows);
        sweeps = Map.copyOf(sweeps);
    }

    /** How many runs the results hold, table and sweeps together. */
    public int runs() {
        return rows.size() + sweeps.values().stream().mapToInt(List::size).sum();
    }

    /** The simulated thread instructions of every run, table and sweeps together. */
    public long threadInstructions() {
        long sum = rows.stream().mapToLong(RunRow::threadInstructions).sum();
        for (List<SweepPoint> points : sweeps.values()) {
            sum += points.stream().mapToLong(p -> p.run().threadInstructions()).sum();
        }
        return sum;
    }

    /** The points of one sweep (empty when it did not run). */
    public List<SweepPoint> sweep(Figure figure) {
        return sweeps.getOrDefault(figure, List.of());
    }

    /** The table's row for a workload and variant. */
    public Optional<RunRow> row(String workload, Variant variant) {
        return rows.stream()
                .filter(r -> r.workload().equals(workload) && r.variant().equals(variant))
                .findFirst();
    }

    /** The workloads of the table, in order. */
    public List<String> workloads() {
        return rows.stream().map(RunRow::workload).distinct().toList();
    }

    /** A row's total bytes over the batch-update row's of the same workload (Figure 8), or NaN. */
    public double relativeToBatch(RunRow row) {
        return ratio(row, Variant.BATCH);
    }

    /** A row's total bytes over the explicit-copy row's of the same workload, or NaN. */
    public double relativeToExplicit(RunRow row) {
        return ratio(row, Variant.EXPLICIT);
    }

    /**
     * A row's modelled end-to-end time over the explicit-copy row's of the same workload (ADSM paper Figure 7's
     * quantity), or NaN.
     */
    public double timeRelativeToExplicit(RunRow row) {
        return row(row.workload(), Variant.EXPLICIT)
                .map(b -> row.counts().endToEndSeconds() / b.counts().endToEndSeconds())
                .orElse(Double.NaN);
    }

    private double ratio(RunRow row, Variant base) {
        return row(row.workload(), base)
                .map(b -> b.counts().bytes() == 0
                        ? (row.counts().bytes() == 0 ? 1.0 : Double.POSITIVE_INFINITY)
                        : (double) row.counts().bytes() / b.counts().bytes())
                .orElse(Double.NaN);
    }
}
