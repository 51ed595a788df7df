/**
 * A small JSON reader and writer of our own for the CLI's specs and results: {@link dev.gmac.samples.json.Json}
 * parses text to plain Java values ({@code Map}, {@code List}, {@code String}, {@code BigDecimal},
 * {@code Boolean}, {@code null}) with line:column errors, and writes values back with a stable key order, proper
 * escaping and exact numbers (integers as integers, floating-point values as the shortest decimal that reads back
 * to the same value).
 */
package dev.gmac.samples.json;
