/**
 * The TM study's workloads (Fung thesis Tables 4.2 and 6.2): hash-table inserts, bank transfers, cloth distance
 * constraints, Barnes-Hut octree build, push-relabel max flow and Apriori support counting, each generating its
 * input, running its transactional or fine-grained-lock CUDA kernel ({@code samples/src/main/cuda/tm_*.cu}) and
 * checking the result against a Java reference. Owns inputs and checks only.
 */
package dev.gmac.samples.tmstudy.workload;
