package dev.gmac.samples.tmstudy.report;

import dev.gmac.samples.study.report.MapRowsCsv;
import dev.gmac.samples.tmstudy.TmStudyResults;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** The TM study's runs as {@code tm-study.csv} (Apache Commons CSV, RFC 4180, one line per run, {@link TmColumns}). */
public final class TmCsvReport {
    private TmCsvReport() {}

    /** The CSV text. */
    public static String csv(TmStudyResults results) {
        return MapRowsCsv.of(TmColumns.rows(results));
    }

    /** Writes {@code tm-study.csv} into {@code dir}. */
    public static Path write(TmStudyResults results, Path dir) throws IOException {
        Path f = dir.resolve("tm-study.csv");
        Files.writeString(f, csv(results), StandardCharsets.UTF_8);
        return f;
    }
}
