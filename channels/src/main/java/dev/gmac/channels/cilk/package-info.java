/**
 * Cilk workloads as channel-flow graphs (Orr et al., ISCA 2014, §5 and §7.1): each workload builds one {@link
 * dev.gmac.channels.graph.Graph} whose kernel nodes have a Java form (for the host executor) and a PTX form
 * compiled from our CUDA ({@code channels/src/main/cuda/cilk_*.cu}, for {@code dev.gmac.channels.gpu}), so the same
 * graph runs on either executor and the results can be compared. Owns the workloads' element layouts and result
 * checks; must not touch the executors' internals.
 */
package dev.gmac.channels.cilk;
