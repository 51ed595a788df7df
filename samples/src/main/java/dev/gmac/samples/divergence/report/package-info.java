/**
 * Reports of the divergence study: the terminal table ({@link
 * dev.gmac.samples.divergence.report.DivergenceTable}), CSV ({@link dev.gmac.samples.divergence.report.DivergenceCsv},
 * Commons CSV), JSON ({@link dev.gmac.samples.divergence.report.DivergenceJson}, Jackson) and plots ({@link
 * dev.gmac.samples.divergence.report.DivergencePlots}, XChart). Reads results; runs nothing.
 */
package dev.gmac.samples.divergence.report;
