/**
 * The {@code gmac localtm-study} command: options, validation and output of the GPU-LocalTM study ({@code
 * dev.gmac.samples.localtm}). Owns the command line only; the study and its reports live in {@code localtm}.
 */
package dev.gmac.samples.cli.localtm;
