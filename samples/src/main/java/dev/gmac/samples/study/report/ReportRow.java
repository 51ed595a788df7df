package dev.gmac.samples.study.report;

import dev.gmac.samples.study.RunRow;
import dev.gmac.samples.study.StudyResults;
import dev.gmac.samples.study.SweepPoint;

/**
 * One row of every study report, the single record the text table, the CSV files and the JSON document are all
 * made from (through {@link ReportColumns}): a run, where it belongs (a sweep's figure, series and x value, or none
 * for the table) and its ratios to the same workload's batch-update and explicit-copy runs: bytes, and modelled
 * end-to-end time to explicit's (NaN when there is nothing to compare with).
 */
public record ReportRow(
        RunRow run,
        String figure,
        String series,
        Long x,
        double relativeToBatch,
        double relativeToExplicit,
        double timeRelativeToExplicit) {

    /** A row of the table, with its ratios. */
    public static ReportRow ofTable(StudyResults results, RunRow run) {
        return new ReportRow(
                run,
                null,
                null,
                null,
                results.relativeToBatch(run),
                results.relativeToExplicit(run),
                results.timeRelativeToExplicit(run));
    }

    /** A single run (for {@code gmac run}): nothing to compare with. */
    public static ReportRow ofRun(RunRow run) {
        return new ReportRow(run, null, null, null, Double.NaN, Double.NaN, Double.NaN);
    }

    /** A point of a sweep. */
    public static ReportRow ofSweep(SweepPoint point) {
        return new ReportRow(
                point.run(), point.figure().key(), point.series(), point.x(), Double.NaN, Double.NaN, Double.NaN);
    }
}
