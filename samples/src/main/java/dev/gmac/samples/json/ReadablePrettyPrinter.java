package dev.gmac.samples.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.PrettyPrinter;
import com.fasterxml.jackson.core.util.Instantiatable;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Jackson's whitespace policy for the CLI's output: objects one entry per line with two-space indentation and
 * {@code "key": value}; arrays of scalars on one line ({@code [1.5, 4.0]}); arrays of objects or arrays one element
 * per line. Only whitespace is decided here; Jackson writes every token. Stateful, so each generator gets its own
 * instance ({@link #createInstance()}).
 */
final class ReadablePrettyPrinter implements PrettyPrinter, Instantiatable<ReadablePrettyPrinter> {
    /** One open container: whether it is an array and whether its elements are laid out one per line. */
    private static final class Open {
        final boolean array;
        boolean perLine;

        Open(boolean array) {
            this.array = array;
        }
    }

    private final Deque<Open> open = new ArrayDeque<>();

    @Override
    public ReadablePrettyPrinter createInstance() {
        return new ReadablePrettyPrinter();
    }

    private void newline(JsonGenerator g) throws IOException {
        g.writeRaw('\n');
        for (int i = 0; i < open.size(); i++) {
            g.writeRaw("  ");
        }
    }

    /** A container starts: inside an array, that array's elements go one per line. */
    private void nested(JsonGenerator g) throws IOException {
        Open parent = open.peek();
        if (parent != null && parent.array) {
            parent.perLine = true;
            newline(g);
        }
    }

    @Override
    public void writeRootValueSeparator(JsonGenerator g) throws IOException {
        g.writeRaw('\n');
    }

    @Override
    public void writeStartObject(JsonGenerator g) throws IOException {
        nested(g);
        g.writeRaw('{');
        open.push(new Open(false));
    }

    @Override
    public void beforeObjectEntries(JsonGenerator g) throws IOException {
        newline(g);
    }

    @Override
    public void writeObjectFieldValueSeparator(JsonGenerator g) throws IOException {
        g.writeRaw(": ");
    }

    @Override
    public void writeObjectEntrySeparator(JsonGenerator g) throws IOException {
        g.writeRaw(',');
        newline(g);
    }

    @Override
    public void writeEndObject(JsonGenerator g, int entries) throws IOException {
        open.pop();
        if (entries > 0) {
            newline(g);
        }
        g.writeRaw('}');
    }

    @Override
    public void writeStartArray(JsonGenerator g) throws IOException {
        nested(g);
        g.writeRaw('[');
        open.push(new Open(true));
    }

    @Override
    public void beforeArrayValues(JsonGenerator g) {
        // decided by the first element: a container starts a new line (nested), a scalar follows the bracket
    }

    @Override
    public void writeArrayValueSeparator(JsonGenerator g) throws IOException {
        g.writeRaw(',');
        if (!open.peek().perLine) {
            g.writeRaw(' ');
        }
    }

    @Override
    public void writeEndArray(JsonGenerator g, int values) throws IOException {
        Open closed = open.pop();
        if (closed.perLine) {
            newline(g);
        }
        g.writeRaw(']');
    }
}
