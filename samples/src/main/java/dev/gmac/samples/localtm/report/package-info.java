/**
 * Reports of the GPU-LocalTM study: the CSV and JSON of its runs, its text tables and its plots (Villegas et al.,
 * Euro-Par 2016 Workshops, Figs 5 to 8). Reads study results; runs nothing.
 */
package dev.gmac.samples.localtm.report;
