/**
 * The registry of the runtime's settings: every {@code gmac.*} key, with its one grammar (sizes in the project's
 * one size grammar, {@link dev.gmac.gpu.config.ByteSize}), one default and one validation
 * ({@link dev.gmac.gpu.config.ConfigKey}), settable by system property ({@code -Dgmac.blockSize=4KiB}),
 * environment variable ({@code GMAC_BLOCK_SIZE}) and the command line's {@code -D} option, and turned into typed
 * configurations ({@link dev.gmac.api.AdsmConfig}, {@link dev.gmac.gpu.GpuConfig}). An unknown {@code gmac.*}
 * property is an error, with the nearest known key. The ADSM paper (Gelado et al., ASPLOS 2010, §4.3) has the
 * protocol chosen at load time; this is where that choice is read. Owns the keys; what each setting does belongs to
 * the module that receives the typed value (coherence never reads a setting itself, except the JVM-wide fast-path
 * refresh switch, see {@link dev.gmac.api.config.ResolvedSettings#exportJvmWideSettings()}).
 */
package dev.gmac.api.config;
