/**
 * The bridge from the timing model to the PTX functional engine: {@link
 * dev.gmac.gpu.timing.functional.LaunchExecutor} implements the timing model's {@link
 * dev.gmac.gpu.timing.WarpExecutor} seam over a prepared {@code dev.gmac.gpu.exec.KernelLaunch}, and {@link
 * dev.gmac.gpu.timing.functional.TimedLaunch} runs a PTX kernel under a timing preset. The only package of the
 * timing model that depends on the functional engine.
 */
package dev.gmac.gpu.timing.functional;
