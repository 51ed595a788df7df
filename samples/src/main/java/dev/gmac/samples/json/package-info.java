/**
 * The CLI's JSON, on Jackson: {@link dev.gmac.samples.json.Json} reads specs strictly (no duplicate keys, no
 * trailing content, exact numbers, bounded number length and nesting) and writes results readably (two-space
 * indentation, arrays of scalars on one line, floating-point values as the shortest decimal that reads back to the
 * same value, non-finite values as strings). This package owns the Jackson configuration only; what a spec or a
 * report means belongs to the packages that read or write it.
 */
package dev.gmac.samples.json;
