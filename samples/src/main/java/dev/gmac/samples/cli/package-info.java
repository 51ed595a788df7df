/**
 * The {@code gmac} command line (picocli): the entry point {@link dev.gmac.samples.cli.GmacCommand} with its
 * subcommands, one class each in this package or a subpackage ({@code ptx}, {@code study}, {@code tmstudy},
 * {@code channels}), the settings every command resolves, the one-line error reporting of {@code
 * CliErrors}, {@code gmac config}, {@code gmac bench}, {@code gmac samples} and {@code gmac
 * memory-soak}.
 *
 * <p>Owns parsing, validation of options, progress on standard error and printing; the work itself lives in the
 * library modules and the samples' study packages, and a command must not implement simulation or protocol logic.
 */
package dev.gmac.samples.cli;
