package dev.gmac.samples.cli.ptx;

import dev.gmac.gpu.SoftwareGpu;
import dev.gmac.gpu.ptx.KernelSignature;
import dev.gmac.gpu.ptx.ParamDecl;
import dev.gmac.gpu.ptx.PtxCoverage;
import dev.gmac.gpu.ptx.PtxException;
import dev.gmac.gpu.ptx.PtxModule;
import dev.gmac.samples.cli.GmacCommand;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code gmac ptx check FILE.ptx [--coverage]}: loads the file with the software GPU's PTX front end and lists its
 * kernels and their parameters, or reports the first error with its line and column (exit 1). With
 * {@code --coverage} it first lists every opcode-with-modifiers in the file (count, first line, instruction class,
 * supported or not, and why not, from {@link PtxCoverage}) and exits 1 when any is unsupported.
 */
@Command(
        name = "check",
        mixinStandardHelpOptions = true,
        description = "Parse a PTX file and list its kernels, or report the first error (line:column).")
final class PtxCheckCommand implements Callable<Integer> {
    @Parameters(paramLabel = "FILE.ptx", description = "The PTX file to check.")
    Path file;

    @Option(names = "--coverage", description = "List every opcode with its modifiers and whether it is supported.")
    boolean coverage;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        String text = InputFiles.readText(file, InputFiles.MAX_TEXT_BYTES);
        PrintWriter out = spec.commandLine().getOut();
        boolean allSupported = true;
        if (coverage) {
            PtxCoverage cov;
            try {
                cov = PtxCoverage.of(text);
            } catch (PtxException e) {
                throw new PtxToolException(file + ": " + e.getMessage(), e);
            }
            printCoverage(out, cov);
            allSupported = cov.allSupported();
        }
        PtxModule module;
        try (SoftwareGpu gpu = new SoftwareGpu(GmacCommand.settings(spec).gpuConfig())) {
            module = gpu.load(text);
        } catch (PtxException e) {
            out.flush();
            throw new PtxToolException(file + ": " + e.getMessage(), e);
        }
        printKernels(out, module);
        out.flush();
        if (!allSupported) {
            throw new PtxToolException(file + ": some instructions are not supported (marked 'unsupported' above)");
        }
        return 0;
    }

    private void printKernels(PrintWriter out, PtxModule module) {
        int count = module.kernels().size();
        out.println(file + ": " + count + (count == 1 ? " kernel" : " kernels"));
        for (KernelSignature k : module.kernels()) {
            out.println("  " + k.name() + " (line " + k.line() + "), "
                    + k.params().size() + (k.params().size() == 1 ? " parameter" : " parameters"));
            int index = 0;
            for (ParamDecl p : k.params()) {
                out.printf(
                        "    %d: .%s %s (%d bytes, align %d)%n",
                        index++, p.type().ptxName(), p.name(), p.byteSize(), p.align());
            }
        }
    }

    private static void printCoverage(PrintWriter out, PtxCoverage cov) {
        int width = "opcode".length();
        for (PtxCoverage.Entry e : cov.entries()) {
            width = Math.max(width, e.opcodeWithModifiers().length());
        }
        out.printf("%-" + width + "s  %7s  %10s  %-7s  %s%n", "opcode", "count", "first line", "class", "status");
        int unsupported = 0;
        for (PtxCoverage.Entry e : cov.entries()) {
            out.printf(
                    "%-" + width + "s  %7d  %10d  %-7s  %s%n",
                    e.opcodeWithModifiers(),
                    e.count(),
                    e.firstLine(),
                    e.instructionClass() == null ? "-" : e.instructionClass(),
                    e.supported() ? "supported" : "unsupported");
            if (!e.supported()) {
                unsupported++;
            }
        }
        out.println(cov.entries().size() + " distinct opcodes, " + unsupported + " unsupported");
        for (PtxCoverage.Entry e : cov.entries()) {
            if (!e.supported()) {
                out.println("  line " + e.firstLine() + ": " + e.reason());
            }
        }
    }
}
