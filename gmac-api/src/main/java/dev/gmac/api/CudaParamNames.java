package dev.gmac.api;

import dev.gmac.gpu.ptx.KernelSignature;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The names a kernel's parameters have in its CUDA source, so messages say {@code parameter 1 (a)} rather than
 * nvcc's {@code saxpy_param_1}. PTX does not carry them, but it may say where the source is: {@code nvcc
 * -lineinfo} and {@code -G} write {@code .file} and {@code .loc} directives. The source is looked for there,
 * then (for a PTX file) as {@code NAME.cu} beside it, and in a {@code cuda} or {@code src/main/cuda} directory of
 * up to four of its ancestors (the {@code src/main/resources/ptx}, {@code target/classes/ptx} and {@code
 * src/main/cuda} layout of this project and of the Maven recipe in docs/adsm.md). The kernel's definition is found by its name ({@code extern "C"} or demangled from {@code
 * _Z<length><name>}) after {@code __global__}, and its parameter list is split at top-level commas; the last
 * identifier of each parameter is its name. When anything does not fit (no source, no definition, a different
 * parameter count), the PTX names stay.
 */
final class CudaParamNames {
    private static final Pattern FILE = Pattern.compile("^\\s*\\.file\\s+(\\d+)\\s+\"([^\"]+)\"", Pattern.MULTILINE);
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Set<String> NOT_NAMES = Set.of(
            "const",
            "volatile",
            "__restrict__",
            "__restrict",
            "restrict",
            "unsigned",
            "signed",
            "int",
            "long",
            "short",
            "char",
            "float",
            "double",
            "bool",
            "void",
            "struct");

    private CudaParamNames() {}

    /** The CUDA names of {@code kernel}'s parameters, or null when the source cannot be found or read. */
    static List<String> find(String ptxText, KernelSignature kernel, Path ptxFile) {
        String sourceName = sourceName(kernel.name());
        for (Path source : candidates(ptxText, ptxFile)) {
            try {
                if (Files.isRegularFile(source)) {
                    List<String> names = parse(Files.readString(source, StandardCharsets.UTF_8), sourceName);
                    if (names != null && names.size() == kernel.params().size()) {
                        List<String> result = new ArrayList<>();
                        for (int i = 0; i < names.size(); i++) {
                            result.add(
                                    names.get(i) != null
                                            ? names.get(i)
                                            : kernel.params().get(i).name());
                        }
                        return result;
                    }
                }
            } catch (IOException | RuntimeException e) {
                // an unreadable or odd source: keep looking, else keep the PTX names
            }
        }
        return null;
    }

    /** The identifier of a kernel: {@code saxpy} for {@code saxpy} and for {@code _Z5saxpyifPKfPf}. */
    static String sourceName(String ptxName) {
        Matcher m = Pattern.compile("^_Z(\\d+)").matcher(ptxName);
        if (m.find()) {
            int length = Integer.parseInt(m.group(1));
            int start = m.end();
            if (start + length <= ptxName.length()) {
                return ptxName.substring(start, start + length);
            }
        }
        return ptxName;
    }

    private static Set<Path> candidates(String ptxText, Path ptxFile) {
        Set<Path> paths = new LinkedHashSet<>();
        Matcher file = FILE.matcher(ptxText);
        while (file.find()) {
            paths.add(Path.of(file.group(2)));
        }
        if (ptxFile != null) {
            Path absolute = ptxFile.toAbsolutePath();
            String base = absolute.getFileName().toString().replaceFirst("\\.ptx$", "");
            Path dir = absolute.getParent();
            if (dir != null) {
                paths.add(dir.resolve(base + ".cu"));
            }
            Path ancestor = dir == null ? null : dir.getParent();
            for (int up = 0; up < 4 && ancestor != null; up++, ancestor = ancestor.getParent()) {
                paths.add(ancestor.resolve("cuda").resolve(base + ".cu"));
                paths.add(ancestor.resolve("src/main/cuda").resolve(base + ".cu"));
            }
        }
        return paths;
    }

    /** The parameter names of {@code __global__ ... name(...)} in {@code source} (null entries: unnamed). */
    static List<String> parse(String source, String name) {
        String text = source.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("//[^\\n]*", " ");
        Matcher m = Pattern.compile("__global__(?:[^;{}()]|\\([^()]*\\))*?\\b" + Pattern.quote(name) + "\\s*\\(")
                .matcher(text);
        if (!m.find()) {
            return null;
        }
        int depth = 0;
        int start = m.end();
        List<String> params = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (int i = start; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '(' || c == '<' || c == '[') {
                depth++;
            } else if ((c == ')' || c == '>' || c == ']') && depth > 0) {
                depth--;
            } else if (c == ')' && depth == 0) {
                if (!current.toString().isBlank() || !params.isEmpty()) {
                    params.add(current.toString());
                }
                break;
            } else if (c == ',' && depth == 0) {
                params.add(current.toString());
                current.setLength(0);
                continue;
            }
            current.append(c);
        }
        List<String> names = new ArrayList<>();
        for (String param : params) {
            names.add(nameOf(param));
        }
        return names;
    }

    private static String nameOf(String param) {
        String declarator = param.replaceAll("=.*", "").replaceAll("\\[[^\\]]*\\]", " ");
        String last = null;
        Matcher id = IDENTIFIER.matcher(declarator);
        int count = 0;
        while (id.find()) {
            count++;
            if (!NOT_NAMES.contains(id.group())) {
                last = id.group();
            }
        }
        // A lone identifier ("size_t", "MyType*") is a type without a name.
        return count >= 2 ? last : null;
    }
}
