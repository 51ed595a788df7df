/**
 * The {@code gmac tm-study} command: options, validation and output of the TM study ({@code
 * dev.gmac.samples.tmstudy}). Owns the command line only; the study and its reports live in {@code tmstudy}.
 */
package dev.gmac.samples.cli.tmstudy;
