package dev.gmac.samples.cli.ptx;

import com.fasterxml.jackson.databind.JsonNode;
import dev.gmac.gpu.Dim3;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Turns the parsed JSON of a {@code gmac ptx run} spec into a {@link RunSpec}, checking every key: unknown keys,
 * missing keys, wrong types and out-of-range values are {@link RunSpecException}s that name the key path
 * ({@code buffers.y.init[3]}, {@code launches[1].args[0]}, ...). Values are bounded before they are converted, and
 * buffers initialised from files are read here (checked: a regular file of exactly the buffer's size).
 */
final class RunSpecReader {
    private static final Set<String> LAUNCH_KEYS =
            Set.of("kernel", "module", "grid", "block", "sharedBytes", "args", "repeat", "swap");
    private static final Set<String> LOOP_KEYS = Set.of("loop", "untilZero", "max", "clearFirst");
    private static final Set<String> ONE_LAUNCH_KEYS =
            Set.of("ptx", "buffers", "print", "kernel", "module", "grid", "block", "sharedBytes", "args");
    private static final Set<String> MULTI_KEYS = Set.of("ptx", "buffers", "print", "launches");
    private static final Set<String> BUFFER_KEYS = Set.of("type", "count", "init");

    /** Largest buffer the CLI creates, in elements (keeps a typo from allocating gigabytes of heap). */
    static final int MAX_ELEMENTS = 1 << 26;
    /** Largest buffer the CLI creates, in bytes. */
    static final long MAX_BUFFER_BYTES = 1L << 30;
    /** Most runs of one launch entry ({@code repeat}). */
    static final int MAX_REPEAT = 1_000_000;
    /** Most iterations a loop may be given ({@code max}). */
    static final int MAX_LOOP = 10_000_000;
    /** A loop's {@code max} when the spec gives none. */
    static final int DEFAULT_LOOP_MAX = 10_000;
    /** Deepest nesting of loops. */
    static final int MAX_LOOP_DEPTH = 8;

    private final Path folder;

    private RunSpecReader(Path folder) {
        this.folder = folder;
    }

    /** Reads the spec; {@code specFolder} resolves relative paths ({@code ptx}, {@code init.file}). */
    static RunSpec read(JsonNode json, Path specFolder) {
        return new RunSpecReader(specFolder).spec(json);
    }

    private RunSpec spec(JsonNode json) {
        requireObject(json, "");
        boolean multi = json.has("launches");
        if (multi && json.has("kernel")) {
            throw new RunSpecException(
                    "kernel", "a spec has either \"launches\" or one top-level launch (\"kernel\", ...), not both");
        }
        checkKeys(json, multi ? MULTI_KEYS : ONE_LAUNCH_KEYS, "");
        Map<String, Path> modules = modules(required(json, "ptx", ""));
        Map<String, RunSpec.Buffer> buffers = new LinkedHashMap<>();
        if (json.has("buffers")) {
            JsonNode specs = requireObject(json.get("buffers"), "buffers");
            Iterator<Map.Entry<String, JsonNode>> it = specs.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                buffers.put(e.getKey(), buffer(e.getKey(), e.getValue()));
            }
        }
        List<RunSpec.Step> steps = new ArrayList<>();
        if (multi) {
            JsonNode list = requireArray(json.get("launches"), "launches");
            if (list.isEmpty()) {
                throw new RunSpecException("launches", "is empty: give at least one launch");
            }
            for (int i = 0; i < list.size(); i++) {
                steps.add(step(list.get(i), "launches[" + i + "]", buffers, 0));
            }
        } else {
            required(json, "kernel", "");
            steps.add(launch(json, "", buffers));
        }
        Optional<List<String>> print = Optional.empty();
        if (json.has("print")) {
            JsonNode names = requireArray(json.get("print"), "print");
            List<String> list = new ArrayList<>();
            for (int i = 0; i < names.size(); i++) {
                list.add(bufferName(names.get(i), "print[" + i + "]", buffers));
            }
            print = Optional.of(List.copyOf(list));
        }
        return new RunSpec(modules, buffers, List.copyOf(steps), print, !multi);
    }

    // ---- modules ------------------------------------------------------------------------------------------------

    private Map<String, Path> modules(JsonNode ptx) {
        Map<String, Path> modules = new LinkedHashMap<>();
        if (ptx.isTextual()) {
            modules.put("", path(ptx.textValue(), "ptx"));
            return modules;
        }
        if (!ptx.isObject()) {
            throw new RunSpecException(
                    "ptx", "expected a path or an object of module name to path, found " + SpecText.describe(ptx));
        }
        if (ptx.isEmpty()) {
            throw new RunSpecException("ptx", "names no module");
        }
        Iterator<Map.Entry<String, JsonNode>> it = ptx.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            String key = "ptx." + e.getKey();
            if (e.getKey().isEmpty()) {
                throw new RunSpecException(key, "a module name must not be empty");
            }
            modules.put(e.getKey(), path(string(e.getValue(), key), key));
        }
        return modules;
    }

    private Path path(String text, String key) {
        if (text.isEmpty()) {
            throw new RunSpecException(key, "the path is empty");
        }
        try {
            return folder.resolve(text);
        } catch (InvalidPathException e) {
            throw new RunSpecException(
                    key,
                    SpecText.quote(text) + " is not a valid path"
                            + (text.indexOf('\0') >= 0 ? " (it holds a NUL character)" : ""));
        }
    }

    // ---- steps --------------------------------------------------------------------------------------------------

    private RunSpec.Step step(JsonNode json, String key, Map<String, RunSpec.Buffer> buffers, int depth) {
        requireObject(json, key);
        if (json.has("loop")) {
            checkKeys(json, LOOP_KEYS, key);
            if (depth >= MAX_LOOP_DEPTH) {
                throw new RunSpecException(key, "loops nest deeper than " + MAX_LOOP_DEPTH + " levels");
            }
            JsonNode body = requireArray(json.get("loop"), key + ".loop");
            if (body.isEmpty()) {
                throw new RunSpecException(key + ".loop", "is empty: give at least one launch");
            }
            List<RunSpec.Step> steps = new ArrayList<>();
            for (int i = 0; i < body.size(); i++) {
                steps.add(step(body.get(i), key + ".loop[" + i + "]", buffers, depth + 1));
            }
            String until = bufferName(required(json, "untilZero", key), key + ".untilZero", buffers);
            int max = json.has("max") ? intIn(json.get("max"), key + ".max", 1, MAX_LOOP) : DEFAULT_LOOP_MAX;
            boolean clear = !json.has("clearFirst") || bool(json.get("clearFirst"), key + ".clearFirst");
            return new RunSpec.Loop(key, List.copyOf(steps), until, max, clear);
        }
        if (!json.has("kernel")) {
            throw new RunSpecException(key, "expected a launch (with \"kernel\") or a loop (with \"loop\")");
        }
        checkKeys(json, LAUNCH_KEYS, key);
        return launch(json, key, buffers);
    }

    private RunSpec.Launch launch(JsonNode json, String key, Map<String, RunSpec.Buffer> buffers) {
        String kernel = string(required(json, "kernel", key), sub(key, "kernel"));
        String module = json.has("module") ? string(json.get("module"), sub(key, "module")) : null;
        Dim3 grid = dim3(required(json, "grid", key), sub(key, "grid"));
        Dim3 block = dim3(required(json, "block", key), sub(key, "block"));
        int shared = json.has("sharedBytes")
                ? intIn(json.get("sharedBytes"), sub(key, "sharedBytes"), 0, Integer.MAX_VALUE)
                : 0;
        List<RunSpec.Arg> args = new ArrayList<>();
        if (json.has("args")) {
            JsonNode list = requireArray(json.get("args"), sub(key, "args"));
            for (int i = 0; i < list.size(); i++) {
                args.add(arg(list.get(i), sub(key, "args[" + i + "]"), buffers));
            }
        }
        int repeat = json.has("repeat") ? intIn(json.get("repeat"), sub(key, "repeat"), 1, MAX_REPEAT) : 1;
        List<String> swap = List.of();
        if (json.has("swap")) {
            String k = sub(key, "swap");
            JsonNode pair = requireArray(json.get("swap"), k);
            if (pair.size() != 2) {
                throw new RunSpecException(k, "expected two buffer names, found " + pair.size());
            }
            String a = bufferName(pair.get(0), k + "[0]", buffers);
            String b = bufferName(pair.get(1), k + "[1]", buffers);
            if (a.equals(b)) {
                throw new RunSpecException(k, "swaps buffer \"" + a + "\" with itself");
            }
            RunSpec.Buffer ba = buffers.get(a);
            RunSpec.Buffer bb = buffers.get(b);
            if (!ba.type().equals(bb.type()) || ba.count() != bb.count()) {
                throw new RunSpecException(
                        k,
                        "buffers \"" + a + "\" (" + ba.count() + " x "
                                + ba.type().describe() + ") and \"" + b + "\" ("
                                + bb.count() + " x " + bb.type().describe()
                                + ") differ in type or count, so they cannot be swapped");
            }
            swap = List.of(a, b);
        }
        return new RunSpec.Launch(key, module, kernel, grid, block, shared, List.copyOf(args), repeat, swap);
    }

    private static String sub(String key, String name) {
        return key.isEmpty() ? name : key + "." + name;
    }

    private RunSpec.Arg arg(JsonNode json, String key, Map<String, RunSpec.Buffer> buffers) {
        requireObject(json, key);
        if (json.has("buf")) {
            checkKeys(json, Set.of("buf", "offset"), key);
            String name = bufferName(json.get("buf"), key + ".buf", buffers);
            long offset = 0;
            if (json.has("offset")) {
                long size = buffers.get(name).byteSize();
                offset = longIn(json.get("offset"), key + ".offset", 0, size);
            }
            return new RunSpec.BufferArg(name, offset);
        }
        if (json.size() != 1) {
            throw new RunSpecException(
                    key,
                    "must have exactly one key: \"buf\" (with an optional \"offset\") or a type ("
                            + ElementType.specNames() + ")");
        }
        Map.Entry<String, JsonNode> e = json.fields().next();
        ElementType type = ElementType.bySpecName(e.getKey());
        if (type == null) {
            throw new RunSpecException(
                    key,
                    "unknown argument kind " + SpecText.quote(e.getKey()) + " (expected buf or one of "
                            + ElementType.specNames() + ")");
        }
        return new RunSpec.ScalarArg(type, element(type, e.getValue(), key + "." + e.getKey()));
    }

    // ---- buffers ------------------------------------------------------------------------------------------------

    private RunSpec.Buffer buffer(String name, JsonNode json) {
        String key = "buffers." + name;
        if (name.isEmpty()) {
            throw new RunSpecException(key, "a buffer name must not be empty");
        }
        requireObject(json, key);
        checkKeys(json, BUFFER_KEYS, key);
        BufferType type = type(required(json, "type", key), key + ".type");
        JsonNode init = json.get("init");
        Path file = null;
        if (init != null && init.isObject() && init.has("file")) {
            if (init.size() != 1) {
                throw new RunSpecException(key + ".init", "{\"file\": path} takes no other key");
            }
            file = path(string(init.get("file"), key + ".init.file"), key + ".init.file");
        }
        int count;
        if (json.has("count")) {
            count = intIn(json.get("count"), key + ".count", 1, MAX_ELEMENTS);
        } else if (init != null && init.isArray() && !init.isEmpty()) {
            count = init.size(); // the count may be left out when the init list gives every element
        } else if (file != null) {
            count = -1; // from the file's size
        } else {
            throw new RunSpecException(key, "missing key \"count\"");
        }
        if (file != null) {
            byte[] bytes;
            try {
                bytes = InputFiles.readBinary(file, count < 0 ? -1 : (long) count * type.bytes(), MAX_BUFFER_BYTES);
            } catch (PtxToolException e) {
                throw new RunSpecException(key + ".init.file", e.getMessage());
            }
            if (bytes.length == 0 || bytes.length % type.bytes() != 0) {
                throw new RunSpecException(
                        key + ".init.file",
                        file + " holds " + bytes.length + " bytes, not a whole number of " + type.bytes()
                                + "-byte elements");
            }
            count = bytes.length / type.bytes();
            if (count > MAX_ELEMENTS) {
                throw new RunSpecException(key + ".init.file", file + " holds more than " + MAX_ELEMENTS + " elements");
            }
            return new RunSpec.Buffer(name, type, count, bytes);
        }
        long byteSize = (long) count * type.bytes();
        if (byteSize > MAX_BUFFER_BYTES) {
            throw new RunSpecException(
                    key,
                    count + " elements of " + type.bytes() + " bytes exceed the " + (MAX_BUFFER_BYTES >> 20)
                            + " MiB a buffer may hold");
        }
        ByteBuffer data = ByteBuffer.allocate((int) byteSize).order(ByteOrder.LITTLE_ENDIAN);
        if (init == null) {
            return new RunSpec.Buffer(name, type, count, data.array());
        }
        if (init.isArray()) {
            if (init.size() != count) {
                throw new RunSpecException(key + ".init", "has " + init.size() + " values but count is " + count);
            }
            for (int i = 0; i < count; i++) {
                putElement(data, type, i, init.get(i), key + ".init[" + i + "]");
            }
        } else if (init.isObject() && init.size() == 1 && init.has("fill")) {
            for (int i = 0; i < count; i++) {
                putElement(data, type, i, init.get("fill"), key + ".init.fill");
            }
        } else if (init.isObject() && init.size() == 1 && init.has("iota")) {
            if (type.struct()) {
                throw new RunSpecException(key + ".init.iota", "does not apply to a struct buffer");
            }
            JsonNode start = init.get("iota");
            if (!start.isNumber()) {
                throw new RunSpecException(key + ".init.iota", "expected a number, found " + SpecText.describe(start));
            }
            BigDecimal s = start.decimalValue();
            ElementType t = type.scalarType();
            for (int i = 0; i < count; i++) {
                t.put(data, element(t, s.add(BigDecimal.valueOf(i)), key + ".init.iota (element " + i + ")"));
            }
        } else {
            throw new RunSpecException(
                    key + ".init", "must be a list of values, {\"fill\": v}, {\"iota\": start} or {\"file\": path}");
        }
        return new RunSpec.Buffer(name, type, count, data.array());
    }

    private static BufferType type(JsonNode json, String key) {
        if (json.isTextual()) {
            return BufferType.scalar(elementType(json.textValue(), key));
        }
        if (!json.isArray()) {
            throw new RunSpecException(
                    key, "expected a type name or a list of struct fields, found " + SpecText.describe(json));
        }
        if (json.isEmpty()) {
            throw new RunSpecException(key, "a struct needs at least one field");
        }
        List<String> names = new ArrayList<>();
        List<ElementType> types = new ArrayList<>();
        for (int i = 0; i < json.size(); i++) {
            JsonNode f = json.get(i);
            String k = key + "[" + i + "]";
            if (f.isTextual()) {
                names.add("f" + i);
                types.add(elementType(f.textValue(), k));
            } else if (f.isObject() && f.size() == 1) {
                Map.Entry<String, JsonNode> e = f.fields().next();
                if (e.getKey().isEmpty() || names.contains(e.getKey())) {
                    throw new RunSpecException(k, "field names must be non-empty and distinct");
                }
                names.add(e.getKey());
                types.add(elementType(string(e.getValue(), k + "." + e.getKey()), k + "." + e.getKey()));
            } else {
                throw new RunSpecException(
                        k, "expected a type name or {\"field\": \"type\"}, found " + SpecText.describe(f));
            }
        }
        return BufferType.struct(names, types);
    }

    private static ElementType elementType(String name, String key) {
        ElementType t = ElementType.bySpecName(name);
        if (t == null) {
            throw new RunSpecException(key, SpecText.quote(name) + " is not one of " + ElementType.specNames());
        }
        return t;
    }

    /** Writes element {@code index}: a scalar value, or for a struct an object of every field or a list in order. */
    private static void putElement(ByteBuffer data, BufferType type, int index, JsonNode value, String key) {
        int start = index * type.bytes();
        if (!type.struct()) {
            data.position(start);
            type.scalarType().put(data, element(type.scalarType(), value, key));
            return;
        }
        List<BufferType.Field> fields = type.fields();
        if (value.isArray()) {
            if (value.size() != fields.size()) {
                throw new RunSpecException(
                        key, "has " + value.size() + " values but the struct has " + fields.size() + " fields");
            }
            for (int f = 0; f < fields.size(); f++) {
                BufferType.Field field = fields.get(f);
                data.position(start + field.offset());
                field.type().put(data, element(field.type(), value.get(f), key + "[" + f + "]"));
            }
        } else if (value.isObject()) {
            Set<String> names = new TreeSet<>();
            fields.forEach(f -> names.add(f.name()));
            checkKeys(value, names, key);
            for (BufferType.Field field : fields) {
                JsonNode v = value.get(field.name());
                if (v == null) {
                    throw new RunSpecException(key, "missing field \"" + field.name() + "\"");
                }
                data.position(start + field.offset());
                field.type().put(data, element(field.type(), v, key + "." + field.name()));
            }
        } else {
            throw new RunSpecException(
                    key, "expected an object of fields or a list of field values, found " + SpecText.describe(value));
        }
    }

    private static long element(ElementType type, JsonNode value, String key) {
        if (value.isNumber()) {
            return element(type, value.decimalValue(), key);
        }
        if (value.isTextual()) {
            try {
                return type.rawBitsOfSpecial(value.textValue());
            } catch (IllegalArgumentException e) {
                throw new RunSpecException(key, e.getMessage());
            }
        }
        throw new RunSpecException(key, "expected a number, found " + SpecText.describe(value));
    }

    private static long element(ElementType type, BigDecimal value, String key) {
        try {
            return type.rawBits(value);
        } catch (IllegalArgumentException e) {
            throw new RunSpecException(key, e.getMessage());
        }
    }

    // ---- typed access ---------------------------------------------------------------------------------------------

    private static String bufferName(JsonNode json, String key, Map<String, RunSpec.Buffer> buffers) {
        String name = string(json, key);
        if (!buffers.containsKey(name)) {
            throw new RunSpecException(key, "no buffer named " + SpecText.quote(name) + known(buffers));
        }
        return name;
    }

    private static String known(Map<String, ?> buffers) {
        return buffers.isEmpty()
                ? " (the spec declares no buffers)"
                : " (buffers: " + String.join(", ", buffers.keySet()) + ")";
    }

    private static void checkKeys(JsonNode map, Set<String> allowed, String key) {
        Iterator<String> names = map.fieldNames();
        while (names.hasNext()) {
            String k = names.next();
            if (!allowed.contains(k)) {
                throw new RunSpecException(
                        key.isEmpty() ? SpecText.keyName(k) : key + "." + SpecText.keyName(k),
                        "unknown key (expected " + String.join(", ", new TreeSet<>(allowed)) + ")");
            }
        }
    }

    private static JsonNode required(JsonNode map, String name, String key) {
        JsonNode v = map.get(name);
        if (v == null) {
            throw new RunSpecException(key, "missing key \"" + name + "\"");
        }
        return v;
    }

    private static JsonNode requireObject(JsonNode value, String key) {
        if (value == null || !value.isObject()) {
            throw new RunSpecException(key, "expected an object, found " + SpecText.describe(value));
        }
        return value;
    }

    private static JsonNode requireArray(JsonNode value, String key) {
        if (value == null || !value.isArray()) {
            throw new RunSpecException(key, "expected an array, found " + SpecText.describe(value));
        }
        return value;
    }

    private static String string(JsonNode value, String key) {
        if (value != null && value.isTextual()) {
            return value.textValue();
        }
        throw new RunSpecException(key, "expected a string, found " + SpecText.describe(value));
    }

    private static boolean bool(JsonNode value, String key) {
        if (value.isBoolean()) {
            return value.booleanValue();
        }
        throw new RunSpecException(key, "expected true or false, found " + SpecText.describe(value));
    }

    private static int intIn(JsonNode value, String key, int min, int max) {
        return (int) longIn(value, key, min, max);
    }

    private static long longIn(JsonNode value, String key, long min, long max) {
        if (value != null && value.isNumber()) {
            BigDecimal d = value.decimalValue();
            // bounded by digit count before any exact conversion (a 1e999999999 literal is rejected at once)
            if (d.signum() == 0 || d.precision() - d.scale() <= 19) {
                try {
                    long v = d.longValueExact();
                    if (v >= min && v <= max) {
                        return v;
                    }
                } catch (ArithmeticException e) {
                    // not an integer or beyond long: the range message below says what is allowed
                }
            }
            throw new RunSpecException(key, SpecText.brief(d) + " is not an integer from " + min + " to " + max);
        }
        throw new RunSpecException(key, "expected an integer, found " + SpecText.describe(value));
    }

    private static Dim3 dim3(JsonNode value, String key) {
        if (value.isNumber()) {
            return Dim3.of(intIn(value, key, 1, Integer.MAX_VALUE));
        }
        JsonNode parts = requireArray(value, key);
        if (parts.isEmpty() || parts.size() > 3) {
            throw new RunSpecException(key, "expected [x], [x, y] or [x, y, z], found " + parts.size() + " values");
        }
        int[] d = {1, 1, 1};
        for (int i = 0; i < parts.size(); i++) {
            d[i] = intIn(parts.get(i), key + "[" + i + "]", 1, Integer.MAX_VALUE);
        }
        return Dim3.of(d[0], d[1], d[2]);
    }
}
