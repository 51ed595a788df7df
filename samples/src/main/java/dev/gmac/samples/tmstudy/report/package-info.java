/**
 * Reports of the TM study (Fung thesis §4.4 and §6.7): text tables beside the thesis's Tables 4.3 and 6.4, the CSV
 * file and JSON document of every run, and the plots. Owns presentation only: it reads {@code TmStudyResults} and
 * never runs or changes a measurement.
 */
package dev.gmac.samples.tmstudy.report;
