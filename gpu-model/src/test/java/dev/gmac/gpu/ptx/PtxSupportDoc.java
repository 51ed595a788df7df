package dev.gmac.gpu.ptx;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Generates the two generated sections of {@code docs/ptx-support.md}: the support list, from {@link OpcodeTable},
 * and the table of what our committed PTX uses, from {@link PtxCoverage} over {@link CommittedPtx}. Each section
 * sits between a {@code <!-- BEGIN GENERATED: name -->} and an {@code <!-- END GENERATED: name -->} line; the
 * text around them is written by hand. {@link PtxSupportDocTest} keeps the committed file equal to what this
 * class generates, and rewrites it when run with {@code -Dgmac.docs.write=true}.
 */
final class PtxSupportDoc {
    private PtxSupportDoc() {}

    /** The documentation file, relative to the gpu-model module. */
    static final Path FILE = Path.of("../docs/ptx-support.md");

    static final String OPCODES = "opcode table";
    static final String USAGE = "committed PTX";

    /** The generated sections by name. */
    static Map<String, String> sections() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(USAGE, usage(CommittedPtx.all()));
        m.put(OPCODES, opcodes());
        return m;
    }

    /** {@code text} with every generated section replaced by its current content. */
    static String regenerate(String text) {
        String out = text;
        for (Map.Entry<String, String> e : sections().entrySet()) {
            String begin = "<!-- BEGIN GENERATED: " + e.getKey() + " -->\n";
            String end = "<!-- END GENERATED: " + e.getKey() + " -->";
            int b = out.indexOf(begin);
            int en = out.indexOf(end);
            if (b < 0 || en < b) {
                throw new IllegalStateException(FILE + " lacks the markers of the generated section '" + e.getKey()
                        + "': " + begin.trim() + " ... " + end);
            }
            out = out.substring(0, b + begin.length()) + e.getValue() + out.substring(en);
        }
        return out;
    }

    /** Rewrites {@link #FILE}. */
    static void write() throws IOException {
        String text = Files.readString(FILE, StandardCharsets.UTF_8);
        Files.writeString(FILE, regenerate(text), StandardCharsets.UTF_8);
    }

    /** The support list: every row of the opcode table, grouped by family. */
    static String opcodes() {
        StringBuilder sb = new StringBuilder();
        sb.append("<!-- generated from OpcodeTable by PtxSupportDoc; do not edit by hand -->\n\n");
        for (InstructionFamily fam : InstructionFamily.values()) {
            sb.append("### ").append(fam.title()).append("\n\n");
            sb.append("Lowered by `")
                    .append(fam.lowererClass().replace(", ", "` and `"))
                    .append("`.\n\n");
            for (OpcodeTable.Opcode op : OpcodeTable.all()) {
                if (op.family() != fam) {
                    continue;
                }
                sb.append("- **`")
                        .append(op.name())
                        .append("`** (")
                        .append(op.cls())
                        .append("): ")
                        .append(op.doc())
                        .append('\n');
                for (OpcodeForm f : op.forms()) {
                    if (f.unsupported() == null) {
                        sb.append("  - `").append(f.syntax()).append("`\n");
                    }
                }
            }
            sb.append('\n');
        }
        sb.append("### Valid PTX that is reported as unsupported\n\n");
        sb.append("Forms of the opcodes above that the software GPU does not run (an `UnsupportedPtxException` at"
                + " load time, listed as `unsupported` by `--coverage`):\n\n");
        for (OpcodeTable.Opcode op : OpcodeTable.all()) {
            for (OpcodeForm f : op.forms()) {
                if (f.unsupported() != null) {
                    sb.append("- `")
                            .append(f.syntax())
                            .append("`: ")
                            .append(f.unsupported())
                            .append('\n');
                }
            }
        }
        sb.append("\nOpcodes of the PTX ISA that the software GPU does not run at all: ");
        List<String> names = new ArrayList<>();
        for (String n : OpcodeTable.KNOWN_UNSUPPORTED) {
            names.add("`" + n + "`");
        }
        sb.append(String.join(", ", names)).append(".\n");
        return sb.toString();
    }

    /** The forms our committed PTX uses, grouped by opcode, with the coverage verdict. */
    static String usage(Map<String, String> files) {
        Map<String, TreeSet<String>> forms = new TreeMap<>();
        Map<String, Integer> occurrences = new TreeMap<>();
        Map<String, Boolean> supported = new TreeMap<>();
        int distinct = 0;
        TreeSet<String> all = new TreeSet<>();
        for (String text : files.values()) {
            for (PtxCoverage.Entry e : PtxCoverage.of(text).entries()) {
                String form = e.opcodeWithModifiers();
                String op = form.contains(".") ? form.substring(0, form.indexOf('.')) : form;
                forms.computeIfAbsent(op, k -> new TreeSet<>()).add(form);
                occurrences.merge(op, e.count(), Integer::sum);
                supported.merge(op, e.supported(), Boolean::logicalAnd);
                all.add(form + (e.supported() ? "" : " (unsupported)"));
            }
        }
        distinct = all.size();
        long unsupported = all.stream().filter(s -> s.endsWith("(unsupported)")).count();
        StringBuilder sb = new StringBuilder();
        sb.append("<!-- generated from the committed PTX by PtxSupportDoc; do not edit by hand -->\n\n");
        sb.append("`PtxCoverage` over every committed PTX file (")
                .append(files.size())
                .append(" files, in ");
        List<String> folders = new ArrayList<>();
        for (String f : CommittedPtx.FOLDERS) {
            folders.add("`" + (f.startsWith("../") ? f.substring(3) : "gpu-model/" + f) + "`");
        }
        sb.append(String.join(", ", folders)).append("), grouped by opcode: ").append(distinct);
        sb.append(" distinct opcode-with-modifiers forms, ");
        sb.append(unsupported == 0 ? "**none unsupported**" : "**" + unsupported + " unsupported**")
                .append(".\n\n");
        sb.append("| opcode | forms seen (opcode with modifiers) | occurrences | supported |\n");
        sb.append("|---|---|---:|---|\n");
        for (Map.Entry<String, TreeSet<String>> e : forms.entrySet()) {
            List<String> quoted = new ArrayList<>();
            for (String s : e.getValue()) {
                quoted.add("`" + s + "`");
            }
            sb.append("| `")
                    .append(e.getKey())
                    .append("` | ")
                    .append(String.join(", ", quoted))
                    .append(" | ")
                    .append(occurrences.get(e.getKey()))
                    .append(" | ")
                    .append(supported.get(e.getKey()) ? "yes" : "**no**")
                    .append(" |\n");
        }
        return sb.toString();
    }
}
