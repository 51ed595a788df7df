/**
 * The transactional-memory study of the Fung thesis (§4.3-4.4, §6.6-6.7): the workloads' interface and registry,
 * the simulated machine a run uses ({@code TmMachine}: a software GPU, a timing simulator, the serial-replay check),
 * what a run measures, and the study that runs every workload x mode x concurrency limit. Owns the study's runs and
 * results; the TM models themselves belong to {@code dev.gmac.gpu.tm} and the TM hardware timing to {@code
 * dev.gmac.gpu.timing.tm}, which it only configures and reads.
 */
package dev.gmac.samples.tmstudy;
