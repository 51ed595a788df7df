package dev.gmac.samples.tmstudy;

/** A finished point of the TM study: what ran, on which input, what it measured, and its wall time. */
public record TmRow(TmRun run, String size, Measurement m, long wallMillis) {}
