/**
 * The transfer study's outputs: the text table printed by {@code gmac study} and {@code gmac run}, CSV (Apache
 * Commons CSV) and JSON (Jackson) files of every row, all three made from one row record ({@link
 * dev.gmac.samples.study.report.ReportRow}) through one list of columns ({@link
 * dev.gmac.samples.study.report.ReportColumns}), PNG and SVG plots in the layout of the ADSM paper's Figures 8, 9, 11
 * and 12, and the terminal progress bar shown while the study runs. It reads results; it never runs a workload.
 */
package dev.gmac.samples.study.report;
