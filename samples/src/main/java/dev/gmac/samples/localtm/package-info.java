/**
 * The GPU-LocalTM study (Villegas et al., "GPU-LocalTM: A Lightweight Transactional Memory for GPU Local Memory",
 * Euro-Par 2016 Workshops, §5): its workloads' launches in their serialised, FGL/atomics and TM versions under DCD
 * and SMDCD, each checked against the serialised version, and the rows and shapes the reports show. Owns the
 * workloads' host side (inputs, checks); the kernels are gpu-model's {@code localtm_*.cu} and the TM model is
 * gpu-model's {@code dev.gmac.gpu.tm.local}, which this package must not reach into beyond its public counters.
 */
package dev.gmac.samples.localtm;
