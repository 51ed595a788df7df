/**
 * jcstress tests of the software GPU's host-side shared state: launch IDs taken by host threads that launch kernels
 * at once are unique ({@code dev.gmac.gpu.LaunchIds}).
 *
 * <p>Run: {@code java -jar stress-tests/target/jcstress.jar -t 'dev.gmac.stress.gpu' -m quick}.
 */
package dev.gmac.stress.gpu;
