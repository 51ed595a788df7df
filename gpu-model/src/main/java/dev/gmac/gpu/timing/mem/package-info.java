/**
 * The memory system of the timing model (Fung thesis §2.3.3 and Tables 3.2, 4.4, 6.1): the coalescer, banked
 * shared memory, set-associative LRU caches with MSHRs, the two crossbars, and memory partitions interleaved
 * every {@code mem.interleave.bytes}, each with an L2 slice, an atomic unit and a DRAM channel with banks, open
 * rows and FR-FCFS scheduling. Requests are events that move hop by hop in time order.
 */
package dev.gmac.gpu.timing.mem;
