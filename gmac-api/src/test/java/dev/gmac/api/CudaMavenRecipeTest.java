package dev.gmac.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The recipe of docs/adsm.md, "Compiling CUDA sources in a Maven build" (docs/examples/cuda-maven): with nvcc on
 * the PATH the build compiles src/main/cuda/*.cu into target/classes/ptx; without it the committed PTX is used,
 * and a .cu without committed PTX fails the build. nvcc is never required: the runs that need the real one are
 * skipped where it is missing, and a stand-in nvcc checks the command line the recipe gives it.
 */
class CudaMavenRecipeTest {
    private static final Path EXAMPLE = Path.of("..", "docs", "examples", "cuda-maven");
    /** A PATH with the shell's tools and no nvcc (nvcc installs under /usr/local or /opt). */
    private static final String PATH_WITHOUT_NVCC = "/usr/bin:/bin";

    private record Run(int exit, String output) {}

    private static Run run(Path dir, String path, String... command) throws IOException, InterruptedException {
        ProcessBuilder builder =
                new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        builder.environment().put("PATH", path);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(5, TimeUnit.MINUTES), "timed out: " + List.of(command));
        return new Run(process.exitValue(), output);
    }

    private static Path copyExample(Path into) throws IOException {
        Path project = into.resolve("cuda-maven");
        try (Stream<Path> files = Files.walk(EXAMPLE)) {
            for (Path source :
                    files.filter(p -> !p.toString().contains("target")).toList()) {
                Path target = project.resolve(EXAMPLE.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(source, target);
                }
            }
        }
        return project;
    }

    private static Run script(Path project, String path) throws IOException, InterruptedException {
        return run(project, path, "sh", "cu2ptx.sh", "src/main/cuda", "src/main/resources/ptx", "target/classes/ptx");
    }

    @Test
    void withoutNvccTheCommittedPtxIsUsedAndAMissingOneFails(@TempDir Path dir) throws Exception {
        Path project = copyExample(dir);
        Run kept = script(project, PATH_WITHOUT_NVCC);
        assertEquals(0, kept.exit(), kept.output());
        assertTrue(kept.output().contains("using the committed scale.ptx"), kept.output());
        assertTrue(Files.notExists(project.resolve("target/classes/ptx/scale.ptx")), "nothing compiled");

        Files.delete(project.resolve("src/main/resources/ptx/scale.ptx"));
        Run missing = script(project, PATH_WITHOUT_NVCC);
        assertEquals(1, missing.exit(), missing.output());
        assertTrue(missing.output().contains("no committed"), missing.output());
    }

    @Test
    void withNvccEveryCudaSourceIsCompiledWithTheEngineFlags(@TempDir Path dir) throws Exception {
        Path project = copyExample(dir);
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path log = dir.resolve("nvcc-args.txt");
        Path fake = bin.resolve("nvcc");
        // A stand-in nvcc: records its arguments and writes the committed PTX to the -o file.
        Files.writeString(
                fake,
                "#!/bin/sh\necho \"$@\" >> " + log + "\nwhile [ $# -gt 0 ]; do if [ \"$1\" = -o ]; then out=$2; fi;"
                        + " shift; done\ncp " + project.resolve("src/main/resources/ptx/scale.ptx") + " \"$out\"\n");
        Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwxr-xr-x"));
        Run compiled = script(project, bin + ":" + PATH_WITHOUT_NVCC);
        assertEquals(0, compiled.exit(), compiled.output());
        assertTrue(Files.exists(project.resolve("target/classes/ptx/scale.ptx")));
        String args = Files.readString(log).trim();
        assertTrue(args.startsWith("-ptx -arch=sm_75 -O3 -o "), args);
        assertTrue(args.endsWith("src/main/cuda/scale.cu"), args);
    }

    @Test
    void realNvccOutputRunsOnTheSoftwareGpu(@TempDir Path dir) throws Exception {
        String path = System.getenv("PATH");
        assumeTrue(onPath(path, "nvcc"), "nvcc is not installed (the recipe then uses the committed PTX)");
        Path project = copyExample(dir);
        Run compiled = script(project, path);
        assertEquals(0, compiled.exit(), compiled.output());
        try (Adsm adsm = Adsm.open()) {
            PtxKernel scale = adsm.kernel(project.resolve("target/classes/ptx/scale.ptx"));
            assertEquals(List.of("y", "a", "n"), List.of(scale.paramName(0), scale.paramName(1), scale.paramName(2)));
            FloatView y = adsm.allocFloats(8);
            y.set(7, 3f);
            adsm.adsmCall(scale, Dim3.of(1), Dim3.of(32), y, 2f, 8);
            adsm.adsmSync();
            assertEquals(6f, y.get(7));
        }
    }

    @Test
    void theRecipeRunsInMaven(@TempDir Path dir) throws Exception {
        String path = System.getenv("PATH");
        assumeTrue(onPath(path, "mvn"), "Maven is not on the PATH");
        Path project = copyExample(dir);
        List<String> command = new ArrayList<>(List.of("mvn", "-B", "-ntp", "-o", "-q", "process-resources"));
        // Without nvcc: the committed PTX reaches target/classes.
        String mavenPath = Path.of(which(path, "mvn")).getParent() + ":" + PATH_WITHOUT_NVCC;
        Run build = run(project, mavenPath, command.toArray(String[]::new));
        if (build.exit() != 0 && build.output().contains("offline")) {
            // A fresh local repository may lack the recipe's plugins (exec-maven-plugin's dependencies arrive
            // only when the stress-tests module runs later in the build): fetch them once from Maven Central.
            command.remove("-o");
            build = run(project, mavenPath, command.toArray(String[]::new));
        }
        assertEquals(0, build.exit(), build.output());
        assertTrue(build.output().contains("using the committed scale.ptx"), build.output());
        assertEquals(
                Files.readString(project.resolve("src/main/resources/ptx/scale.ptx")),
                Files.readString(project.resolve("target/classes/ptx/scale.ptx")));
    }

    private static boolean onPath(String path, String tool) {
        return which(path, tool) != null;
    }

    private static String which(String path, String tool) {
        if (path == null) {
            return null;
        }
        for (String dir : path.split(":")) {
            Path candidate = Path.of(dir, tool);
            if (Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        return null;
    }
}
