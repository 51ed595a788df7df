/**
 * {@code gmac ptx}: check a PTX file against the software GPU's front end ({@code check}, with
 * {@code --coverage} listing every opcode and whether the engine supports it) and run one kernel from a JSON spec
 * ({@code run}), as issue 3 (item 6) and issue 8 (item 2) describe; {@code run --timing} runs it under the
 * cycle-level timing model (issue 7, item 5). The spec format and output are documented in
 * {@code docs/ptx-run.md}.
 */
package dev.gmac.samples.cli.ptx;
