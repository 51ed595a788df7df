/**
 * Timing configurations as data (GPGPU-Sim's named presets): a typed immutable {@link
 * dev.gmac.gpu.timing.config.TimingConfig}, the {@code key = value} preset file format with full validation,
 * and the shipped presets {@code fx5800}, {@code fx5800-tbc}, {@code gtx480} and {@code apu8} (Fung thesis
 * Tables 3.2, 4.4 and 6.1; channels paper Table 2). See {@code docs/timing-model.md} for every key.
 */
package dev.gmac.gpu.timing.config;
