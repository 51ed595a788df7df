/**
 * jcstress tests of the lock-free array channel (M. S. Orr, B. M. Beckmann, S. K. Reinhardt, D. A. Wood, "Fine-grain
 * Task Aggregation and Coordination on GPUs", ISCA 2014, §3.2): talloc against talloc, enq against deq, out-of-order completion, tfree and
 * in-order deallocation by done counts, full channels, wrap-around, stale producer limits, and levelization against a
 * batch in flight (§5.2). Each test states the interleaving it covers and the outcomes it accepts.
 *
 * <p>Run: {@code java -jar stress-tests/target/jcstress.jar -t 'dev.gmac.stress.channels' -m quick}.
 */
package dev.gmac.stress.channels;
