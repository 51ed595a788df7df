package dev.gmac.samples.cli.ptx;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The element type of a {@code gmac ptx run} buffer: one scalar {@link ElementType}, or a struct of named scalar
 * fields laid out as a C compiler lays out a plain struct (each field at the next multiple of its own size, the
 * struct's size rounded up to its largest field), so a buffer of {@code struct Node {int start; int edges;}} is
 * {@code [{"start": "s32"}, {"edges": "s32"}]}.
 */
record BufferType(List<Field> fields, boolean struct, int bytes) {
    /** One field of a struct, at byte {@code offset} of the element. */
    record Field(String name, ElementType type, int offset) {}

    /** A buffer of scalars. */
    static BufferType scalar(ElementType type) {
        return new BufferType(List.of(new Field("", type, 0)), false, type.bytes);
    }

    /** A struct of {@code types} named {@code names}, in order, with C layout. */
    static BufferType struct(List<String> names, List<ElementType> types) {
        List<Field> fields = new ArrayList<>();
        int offset = 0;
        int align = 1;
        for (int i = 0; i < types.size(); i++) {
            ElementType t = types.get(i);
            offset = roundUp(offset, t.bytes);
            fields.add(new Field(names.get(i), t, offset));
            offset += t.bytes;
            align = Math.max(align, t.bytes);
        }
        return new BufferType(List.copyOf(fields), true, roundUp(offset, align));
    }

    private static int roundUp(int n, int multiple) {
        return (n + multiple - 1) / multiple * multiple;
    }

    /** The scalar type of a non-struct buffer. */
    ElementType scalarType() {
        return fields.get(0).type();
    }

    /** The type as the spec writes it: {@code f32}, or {@code {start: s32, edges: s32}}. */
    String describe() {
        if (!struct) {
            return scalarType().specName();
        }
        StringBuilder sb = new StringBuilder("{");
        for (Field f : fields) {
            sb.append(sb.length() > 1 ? ", " : "")
                    .append(f.name())
                    .append(": ")
                    .append(f.type().specName());
        }
        return sb.append('}').toString();
    }

    /** Reads the element at the buffer's position (advancing past it) as a JSON value: a number, or an object. */
    Object read(ByteBuffer data) {
        int start = data.position();
        if (!struct) {
            return scalarType().get(data);
        }
        Map<String, Object> element = new LinkedHashMap<>();
        for (Field f : fields) {
            data.position(start + f.offset());
            element.put(f.name(), f.type().get(data));
        }
        data.position(start + bytes);
        return element;
    }
}
