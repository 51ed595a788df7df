/**
 * The workloads of the GPU-LocalTM study, one class each (Villegas et al., Euro-Par 2016 Workshops, §5 and Table 2,
 * as we read them: the paper gives no listings): their inputs at high and low contention and how each version's
 * shared data is compared with the serialised version's.
 */
package dev.gmac.samples.localtm.workload;
