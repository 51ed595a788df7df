package dev.gmac.gpu.ptx;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Every PTX file committed in the repository (the nvcc output of our kernels in gpu-model, its timing test
 * kernels, the transfer-study kernels of samples and the ADSM test kernels of gmac-api), read from the source
 * tree; tests run with the gpu-model module folder as working directory.
 */
final class CommittedPtx {
    private CommittedPtx() {}

    /** The folders that hold committed PTX, relative to the gpu-model module. */
    static final List<String> FOLDERS = List.of(
            "src/main/resources/ptx",
            "src/test/resources/ptx",
            "../samples/src/main/resources/ptx",
            "../gmac-api/src/test/resources/ptx");

    /** Repository-relative path → text, sorted by path; fails when a folder is missing or empty. */
    static Map<String, String> all() {
        return all(Path.of(""));
    }

    /** As {@link #all()}, with the gpu-model module folder given. */
    static Map<String, String> all(Path moduleDir) {
        Map<String, String> out = new TreeMap<>();
        for (String folder : FOLDERS) {
            Path dir = moduleDir.resolve(folder);
            List<Path> files = new ArrayList<>();
            try (Stream<Path> s = Files.list(dir)) {
                s.filter(p -> p.toString().endsWith(".ptx")).forEach(files::add);
            } catch (IOException e) {
                throw new UncheckedIOException("committed PTX folder " + dir.toAbsolutePath() + " cannot be read", e);
            }
            if (files.isEmpty()) {
                throw new IllegalStateException("no PTX in " + dir.toAbsolutePath());
            }
            for (Path p : files) {
                try {
                    out.put(repoPath(folder, p), Files.readString(p, StandardCharsets.UTF_8));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        return out;
    }

    private static String repoPath(String folder, Path p) {
        String name = folder + "/" + p.getFileName();
        return name.startsWith("../") ? name.substring(3) : "gpu-model/" + name;
    }
}
