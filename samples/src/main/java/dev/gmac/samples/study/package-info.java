/**
 * The transfer study: the ADSM paper's evaluation (Gelado et al., ASPLOS 2010, §5, Table 2, Figures 8, 9, 11
 * and 12) reproduced with our own workloads on the software GPU.
 *
 * <p>Every {@link dev.gmac.samples.study.Workload} is a small host program written twice: once against the ADSM
 * API only (shared objects, {@code adsmCall}/{@code adsmSync}, no copies), and once as the explicit-copy
 * baseline a careful CUDA programmer writes ({@code CudaStyle}: hand-placed copies of exactly what is needed).
 * Both run the same PTX kernels (from {@code samples/src/main/cuda}) and are checked against a plain Java
 * reference. The {@link dev.gmac.samples.study.StudyRunner} runs a workload under one {@link
 * dev.gmac.samples.study.Variant} (batch-, lazy- or rolling-update, rolling-update with write-set annotations, or
 * explicit copies) and records what the transfer engine counted; {@link dev.gmac.samples.study.Study} runs the
 * whole table and the three sweeps, and {@code dev.gmac.samples.study.report} turns the results into a table,
 * CSV, JSON and plots.
 *
 * <p>Terms: <em>bytes to accelerator</em> and <em>bytes to host</em> are what crossed the modelled interconnect;
 * <em>eager evictions</em> are rolling-update's early flushes of dirty blocks (§4.3); <em>modelled time</em> is the
 * cost model's setup latency plus bytes over bandwidth, summed over transfers.
 */
package dev.gmac.samples.study;
