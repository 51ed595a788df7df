/**
 * The transfer study's outputs: the text table printed by {@code gmac study} and {@code gmac run}, CSV and JSON
 * files of every row, PNG and SVG plots in the layout of the ADSM paper's Figures 8, 9, 11 and 12, and the
 * progress line shown while the study runs.
 */
package dev.gmac.samples.study.report;
