package dev.gmac.gpu.timing.config;

import dev.gmac.gpu.GpuException;
import java.util.List;

/**
 * A preset file that cannot be used: unknown, duplicate, missing or ill-typed keys, values out of range, or
 * values that contradict each other. The message lists every problem found, one per line, each as
 * {@code file:line: what is wrong and what to write instead}.
 */
public final class TimingConfigException extends GpuException {
    private static final long serialVersionUID = 1L;

    private final String source;
    private final int line;
    private final List<String> problems;

    /**
     * @param source   the file or preset the problems are in
     * @param line     the line of the first problem (0 when it concerns the whole file)
     * @param problems every problem, already prefixed with {@code file:line:}
     */
    public TimingConfigException(String source, int line, List<String> problems) {
        super(String.join(System.lineSeparator(), problems));
        this.source = source;
        this.line = line;
        this.problems = List.copyOf(problems);
    }

    /** The file or preset the first problem is in. */
    public String source() {
        return source;
    }

    /** The 1-based line of the first problem, or 0 when it concerns the whole file. */
    public int line() {
        return line;
    }

    /** Every problem found, each prefixed with {@code file:line:}. */
    public List<String> problems() {
        return problems;
    }
}
