// gmac_tm.cuh: transactions for kernels that run on gmac-jvm's software GPU.
//
//   #include "gmac_tm.cuh"
//   TX_BEGIN();  ... reads and writes of shared data ...  TX_COMMIT();
//
// TX_BEGIN/TX_COMMIT emit the software GPU's extension instructions `tx.begin;` and `tx.commit;` (Fung,
// "GPU Computing Architecture for Irregular Parallelism", PhD thesis, UBC 2015, section 4.2.1: atomic{} blocks
// with a single entry and exit, nesting flattened). nvcc passes inline asm through to the PTX unchanged; the
// PTX is meant for gmac-jvm (real GPUs have no such instructions, so ptxas rejects it). A launch needs a
// transactional-memory model (`--tm cgl`, LaunchOptions.tm); aborted lanes restart at the instruction after
// TX_BEGIN with their registers as the aborted attempt left them, so keep values that must survive an abort
// in memory, and access shared data through volatile pointers inside the transaction.
#ifndef GMAC_TM_CUH
#define GMAC_TM_CUH

#define TX_BEGIN() asm volatile("tx.begin;" ::: "memory")
#define TX_COMMIT() asm volatile("tx.commit;" ::: "memory")

#endif
