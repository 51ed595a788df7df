package dev.gmac.samples.cli.study;

import dev.gmac.samples.study.Scale;
import dev.gmac.samples.study.StudyOptions;
import picocli.CommandLine.Option;

/**
 * The options that choose a study problem's generated inputs, shared by {@code gmac run} and {@code gmac study}
 * (a picocli mixin): {@code --scale} and {@code --seed}. Each command keeps its own {@code --full}.
 */
final class InputOptions {
    @Option(
            names = "--scale",
            paramLabel = "SCALE",
            converter = ScaleConverter.class,
            description = "Input sizes: test, default or full (default: default; --full means full).")
    private Scale scale = Scale.DEFAULT;

    @Option(names = "--seed", description = "Seed of the generated inputs (default: ${DEFAULT-VALUE}).")
    private long seed = StudyOptions.DEFAULT_SEED;

    /** {@link Scale#FULL} when the command's {@code --full} is given, else {@code --scale}. */
    Scale scale(boolean full) {
        return full ? Scale.FULL : scale;
    }

    long seed() {
        return seed;
    }
}
