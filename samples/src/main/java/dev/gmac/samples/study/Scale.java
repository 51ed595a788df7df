package dev.gmac.samples.study;

/**
 * Input sizes. {@link #DEFAULT} keeps the whole study (every workload under every variant, plus the sweeps) to
 * well under a billion simulated thread instructions; {@link #FULL} uses the paper's input sizes where the
 * software GPU can reach them (docs/transfer-study.md lists both); {@link #TEST} is the smallest size that still
 * spans several coherence blocks, for unit tests.
 */
public enum Scale {
    TEST,
    DEFAULT,
    FULL
}
