package dev.gmac.samples.study;

/**
 * One point of a sweep: a run, the figure it belongs to, its series (one line or bar group of the figure) and its
 * x value (the volume side for Figure 9, the block size for Figures 11 and 12).
 */
public record SweepPoint(Figure figure, String series, long x, RunRow run) {}
