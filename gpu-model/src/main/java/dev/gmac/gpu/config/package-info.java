/**
 * Configuration keys shared by every configuration schema of gmac-jvm: {@link dev.gmac.gpu.config.ConfigKey} (name,
 * kind, range, one validation, description, parse and format) and {@link dev.gmac.gpu.config.ByteSize}, the one
 * grammar of byte sizes ({@code 4096}, {@code 4K}, {@code 4KiB}, {@code 1M}). The timing presets' schema
 * ({@code dev.gmac.gpu.timing.config}) and the runtime settings' registry ({@code dev.gmac.api.config}, module
 * gmac-api) are built from these keys. This package knows no key of its own and depends on nothing else.
 */
package dev.gmac.gpu.config;
