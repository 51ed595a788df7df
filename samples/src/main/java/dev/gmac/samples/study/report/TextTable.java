package dev.gmac.samples.study.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A plain-text table: a header row and data rows, columns padded to their widest cell, text columns aligned left
 * and the rest right.
 */
public final class TextTable {
    private static final int RULED_TEXT = 60;

    private final List<String> headers;
    private final boolean[] leftAligned;
    private final List<List<String>> rows = new ArrayList<>();

    /** @param leftColumns how many leading columns hold text (aligned left); the others are right-aligned */
    public TextTable(List<String> headers, int leftColumns) {
        this.headers = List.copyOf(headers);
        this.leftAligned = new boolean[headers.size()];
        for (int i = 0; i < leftColumns && i < headers.size(); i++) {
            leftAligned[i] = true;
        }
    }

    /** Adds a data row of exactly one cell per column. */
    public TextTable row(List<String> cells) {
        if (cells.size() != headers.size()) {
            throw new IllegalArgumentException(cells.size() + " cells for " + headers.size() + " columns");
        }
        rows.add(List.copyOf(cells));
        return this;
    }

    /** The table as text, one line per row. */
    public String render() {
        int[] width = new int[headers.size()];
        for (int c = 0; c < width.length; c++) {
            width[c] = headers.get(c).length();
            for (List<String> r : rows) {
                width[c] = Math.max(width[c], r.get(c).length());
            }
        }
        StringBuilder out = new StringBuilder();
        line(out, headers, width);
        int total = 0;
        for (int c = 0; c < width.length; c++) {
            total += c == width.length - 1 ? ruleWidth(c, width[c]) : width[c];
        }
        out.append("-".repeat(total + 2 * (width.length - 1))).append('\n');
        for (List<String> r : rows) {
            line(out, r, width);
        }
        return out.toString();
    }

    /**
     * How far the rule under the header reaches into column {@code c}: a text column at the end (a free-form detail
     * that may run to hundreds of characters) is ruled only as wide as its header or {@value #RULED_TEXT} characters.
     */
    private int ruleWidth(int c, int width) {
        return leftAligned[c] ? Math.min(width, Math.max(headers.get(c).length(), RULED_TEXT)) : width;
    }

    private void line(StringBuilder out, List<String> cells, int[] width) {
        StringBuilder line = new StringBuilder();
        for (int c = 0; c < cells.size(); c++) {
            if (c > 0) {
                line.append("  ");
            }
            String cell = cells.get(c);
            String pad = " ".repeat(width[c] - cell.length());
            line.append(leftAligned[c] ? cell + pad : pad + cell);
        }
        out.append(line.toString().stripTrailing()).append('\n');
    }
}
