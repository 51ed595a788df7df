/**
 * The {@code gmac study} and {@code gmac run} commands: the transfer study of the ADSM paper's §5 (Figures 8, 9,
 * 11 and 12) and single runs of its workloads, the divergence study, and the options and output steps every study
 * command shares ({@link dev.gmac.samples.cli.study.StudyOutputOptions}). The studies themselves live in
 * {@code dev.gmac.samples.study}, {@code dev.gmac.samples.divergence} and the other study packages.
 */
package dev.gmac.samples.cli.study;
