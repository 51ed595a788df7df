package dev.gmac.samples.cli.ptx;

import dev.gmac.gpu.Dim3;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns the parsed JSON of a {@code gmac ptx run} spec into a {@link RunSpec}, checking every key: unknown keys,
 * missing keys, wrong types and out-of-range values are {@link RunSpecException}s that name the key path
 * ({@code buffers.y.init[3]}, {@code args[1]}, ...).
 */
final class RunSpecReader {
    private static final Set<String> TOP_KEYS =
            Set.of("ptx", "kernel", "grid", "block", "sharedBytes", "buffers", "args", "print");
    private static final Set<String> BUFFER_KEYS = Set.of("type", "count", "init");
    /** Largest buffer the CLI creates, in elements (keeps a typo from allocating gigabytes of heap). */
    static final int MAX_ELEMENTS = 1 << 26;

    private RunSpecReader() {}

    /** Reads the spec; {@code specFolder} resolves the relative {@code ptx} path. */
    static RunSpec read(Object json, Path specFolder) {
        Map<String, Object> top = object(json, "");
        checkKeys(top, TOP_KEYS, "");
        Path ptx = specFolder.resolve(string(required(top, "ptx", ""), "ptx"));
        String kernel = string(required(top, "kernel", ""), "kernel");
        Dim3 grid = dim3(required(top, "grid", ""), "grid");
        Dim3 block = dim3(required(top, "block", ""), "block");
        int shared =
                top.containsKey("sharedBytes") ? intIn(top.get("sharedBytes"), "sharedBytes", 0, Integer.MAX_VALUE) : 0;

        Map<String, RunSpec.Buffer> buffers = new LinkedHashMap<>();
        if (top.containsKey("buffers")) {
            Map<String, Object> bufferSpecs = object(top.get("buffers"), "buffers");
            for (Map.Entry<String, Object> e : bufferSpecs.entrySet()) {
                buffers.put(e.getKey(), buffer(e.getKey(), e.getValue()));
            }
        }
        List<RunSpec.Arg> args = new ArrayList<>();
        List<Object> argSpecs = top.containsKey("args") ? list(top.get("args"), "args") : List.of();
        for (int i = 0; i < argSpecs.size(); i++) {
            args.add(arg(argSpecs.get(i), "args[" + i + "]", buffers));
        }
        List<String> print = new ArrayList<>();
        if (top.containsKey("print")) {
            List<Object> names = list(top.get("print"), "print");
            for (int i = 0; i < names.size(); i++) {
                String name = string(names.get(i), "print[" + i + "]");
                if (!buffers.containsKey(name)) {
                    throw new RunSpecException("print[" + i + "]", "no buffer named \"" + name + "\"" + known(buffers));
                }
                print.add(name);
            }
        } else {
            print.addAll(buffers.keySet());
        }
        return new RunSpec(ptx, kernel, grid, block, shared, buffers, args, print);
    }

    private static String known(Map<String, ?> buffers) {
        return buffers.isEmpty()
                ? " (the spec declares no buffers)"
                : " (buffers: " + String.join(", ", buffers.keySet()) + ")";
    }

    private static RunSpec.Buffer buffer(String name, Object json) {
        String key = "buffers." + name;
        Map<String, Object> spec = object(json, key);
        checkKeys(spec, BUFFER_KEYS, key);
        String typeName = string(required(spec, "type", key), key + ".type");
        ElementType type = ElementType.bySpecName(typeName);
        if (type == null) {
            throw new RunSpecException(key + ".type", "\"" + typeName + "\" is not one of " + ElementType.specNames());
        }
        Object init = spec.get("init");
        int count;
        if (spec.containsKey("count")) {
            count = intIn(spec.get("count"), key + ".count", 1, MAX_ELEMENTS);
        } else if (init instanceof List<?> values && !values.isEmpty()) {
            count = values.size(); // the count may be left out when the init list gives every element
        } else {
            throw new RunSpecException(key, "missing key \"count\"");
        }
        long[] bits = new long[count];
        if (init instanceof List<?> values) {
            if (values.size() != count) {
                throw new RunSpecException(key + ".init", "has " + values.size() + " values but count is " + count);
            }
            for (int i = 0; i < count; i++) {
                bits[i] = element(type, values.get(i), key + ".init[" + i + "]");
            }
        } else if (init instanceof Map<?, ?>) {
            Map<String, Object> form = object(init, key + ".init");
            if (form.size() != 1 || !(form.containsKey("fill") || form.containsKey("iota"))) {
                throw new RunSpecException(
                        key + ".init", "must be a list of values, {\"fill\": v} or {\"iota\": start}");
            }
            if (form.containsKey("fill")) {
                long v = element(type, form.get("fill"), key + ".init.fill");
                Arrays.fill(bits, v);
            } else {
                Object start = form.get("iota");
                if (!(start instanceof BigDecimal s)) {
                    throw new RunSpecException(key + ".init.iota", "expected a number");
                }
                for (int i = 0; i < count; i++) {
                    bits[i] = element(type, s.add(BigDecimal.valueOf(i)), key + ".init.iota (element " + i + ")");
                }
            }
        } else if (init != null) {
            throw new RunSpecException(key + ".init", "must be a list of values, {\"fill\": v} or {\"iota\": start}");
        }
        return new RunSpec.Buffer(name, type, count, bits);
    }

    private static long element(ElementType type, Object value, String key) {
        try {
            if (value instanceof BigDecimal d) {
                return type.rawBits(d);
            }
            if (value instanceof String s) {
                return type.rawBitsOfSpecial(s);
            }
        } catch (IllegalArgumentException e) {
            throw new RunSpecException(key, e.getMessage());
        }
        throw new RunSpecException(key, "expected a number, found " + describe(value));
    }

    private static RunSpec.Arg arg(Object json, String key, Map<String, RunSpec.Buffer> buffers) {
        Map<String, Object> spec = object(json, key);
        if (spec.size() != 1) {
            throw new RunSpecException(
                    key, "must have exactly one key: \"buf\" or a type (" + ElementType.specNames() + ")");
        }
        Map.Entry<String, Object> e = spec.entrySet().iterator().next();
        if (e.getKey().equals("buf")) {
            String name = string(e.getValue(), key + ".buf");
            if (!buffers.containsKey(name)) {
                throw new RunSpecException(key + ".buf", "no buffer named \"" + name + "\"" + known(buffers));
            }
            return new RunSpec.BufferArg(name);
        }
        ElementType type = ElementType.bySpecName(e.getKey());
        if (type == null || type == ElementType.U8) {
            throw new RunSpecException(
                    key, "unknown argument kind \"" + e.getKey() + "\" (expected buf, u32, s32, u64, s64, f32 or f64)");
        }
        return new RunSpec.ScalarArg(type, element(type, e.getValue(), key + "." + e.getKey()));
    }

    // ---- typed access ---------------------------------------------------------------------------------------------

    private static void checkKeys(Map<String, Object> map, Set<String> allowed, String key) {
        for (String k : map.keySet()) {
            if (!allowed.contains(k)) {
                throw new RunSpecException(
                        key.isEmpty() ? k : key + "." + k,
                        "unknown key (expected "
                                + String.join(", ", allowed.stream().sorted().toList()) + ")");
            }
        }
    }

    private static Object required(Map<String, Object> map, String name, String key) {
        if (!map.containsKey(name)) {
            throw new RunSpecException(key, "missing key \"" + name + "\"");
        }
        return map.get(name);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(Object value, String key) {
        if (value instanceof Map<?, ?> m) {
            return (Map<String, Object>) m;
        }
        throw new RunSpecException(key, "expected an object, found " + describe(value));
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Object value, String key) {
        if (value instanceof List<?> l) {
            return (List<Object>) l;
        }
        throw new RunSpecException(key, "expected an array, found " + describe(value));
    }

    private static String string(Object value, String key) {
        if (value instanceof String s) {
            return s;
        }
        throw new RunSpecException(key, "expected a string, found " + describe(value));
    }

    private static int intIn(Object value, String key, int min, int max) {
        if (value instanceof BigDecimal d) {
            try {
                int v = d.intValueExact();
                if (v >= min && v <= max) {
                    return v;
                }
            } catch (ArithmeticException e) {
                // fall through to the range message
            }
            throw new RunSpecException(key, d + " is not an integer from " + min + " to " + max);
        }
        throw new RunSpecException(key, "expected an integer, found " + describe(value));
    }

    private static Dim3 dim3(Object value, String key) {
        if (value instanceof BigDecimal) {
            return Dim3.of(intIn(value, key, 1, Integer.MAX_VALUE));
        }
        List<Object> parts = list(value, key);
        if (parts.isEmpty() || parts.size() > 3) {
            throw new RunSpecException(key, "expected [x], [x, y] or [x, y, z], found " + parts.size() + " values");
        }
        int[] d = {1, 1, 1};
        for (int i = 0; i < parts.size(); i++) {
            d[i] = intIn(parts.get(i), key + "[" + i + "]", 1, Integer.MAX_VALUE);
        }
        return Dim3.of(d[0], d[1], d[2]);
    }

    private static String describe(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof Map) {
            return "an object";
        }
        if (value instanceof List) {
            return "an array";
        }
        if (value instanceof String s) {
            return "the string \"" + s + "\"";
        }
        if (value instanceof Boolean b) {
            return b.toString();
        }
        return value.toString();
    }
}
