/**
 * Plots of {@code gmac channels-study} ({@link dev.gmac.samples.channels.report.ChannelsPlots}, XChart through the
 * studies' shared {@code FigurePlots}). Reads the rows of {@code dev.gmac.channels.cilk.ChannelsStudy}; runs nothing.
 */
package dev.gmac.samples.channels.report;
