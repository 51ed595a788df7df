/**
 * jcstress tests for every lock-free protocol of gmac-jvm: the launch ID vendor of the software GPU, the
 * channel operations of Orr et al. (ISCA 2014, §3–4), and the block state machine of the coherence
 * protocols (ADSM paper §4.3).
 *
 * <p>Each test says how to run it and why each outcome is acceptable or forbidden. Run them all with
 * {@code java -jar stress-tests/target/jcstress.jar -m quick}; {@code mvn verify} runs them in sanity mode.
 *
 * <p>Owns no production code: it may depend on every module except {@code samples} and {@code gmac-api}.
 */
package dev.gmac.stress;
