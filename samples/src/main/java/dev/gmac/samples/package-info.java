/**
 * What people run: the {@code gmac} command line, the transfer-study workloads that reproduce the ADSM
 * paper's evaluation (§5), and the JMH benchmarks whose figures are recorded in {@code docs/performance.md}.
 *
 * <p>May depend on every library module; nothing depends on it.
 */
package dev.gmac.samples;
