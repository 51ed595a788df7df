/**
 * The ADSM application API (ADSM paper, Gelado et al., ASPLOS 2010, Table 1 and §3): {@code adsmAlloc},
 * {@code adsmFree}, {@code adsmCall}, {@code adsmSync}, {@code adsmSafeAlloc}/{@code adsmSafe}, one address
 * for host and accelerator, release consistency at kernel call and return.
 *
 * <p>Owns the adapter from {@code coherence}'s accelerator SPI to {@code gpu-model}'s software GPU. Must not
 * depend on {@code channels} or {@code samples}.
 */
package dev.gmac.api;
