/**
 * The {@code gmac study} and {@code gmac run} commands: the transfer study of the ADSM paper's §5 (Figures 8, 9,
 * 11 and 12) and single runs of its workloads. The study itself lives in {@code dev.gmac.samples.study}.
 */
package dev.gmac.samples.cli.study;
