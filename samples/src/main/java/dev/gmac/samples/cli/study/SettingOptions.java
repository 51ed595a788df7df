package dev.gmac.samples.cli.study;

import dev.gmac.api.config.ResolvedSettings;
import dev.gmac.api.config.RuntimeSettings;
import dev.gmac.samples.study.RunSettings;
import picocli.CommandLine;

/**
 * How {@code gmac run} and {@code gmac study} choose block size, rolling size and protocol: the command's own
 * option if given, else the runtime setting if it was set ({@code -Dgmac.blockSize}, a system property or
 * {@code GMAC_BLOCK_SIZE}), else the study's default. Options are parsed by the setting's own key, so
 * {@code --block-size 4KiB} and {@code -Dgmac.blockSize=4KiB} take the same values and fail the same way.
 */
final class SettingOptions {
    private SettingOptions() {}

    /** The block size: {@code option}, else {@code gmac.blockSize} if set, else {@link RunSettings#DEFAULT_BLOCK_SIZE}. */
    static long blockSize(String option, ResolvedSettings settings, CommandLine commandLine) {
        if (option != null) {
            return (Long) parse("gmac.blockSize", "--block-size", option, commandLine);
        }
        return settings.isSet("gmac.blockSize") ? settings.blockSize() : RunSettings.DEFAULT_BLOCK_SIZE;
    }

    /** The rolling size: {@code option}, else {@code gmac.rollingSize} (its default is the runtime's). */
    static int rollingSize(String option, ResolvedSettings settings, CommandLine commandLine) {
        if (option != null) {
            return Math.toIntExact((Long) parse("gmac.rollingSize", "--rolling-size", option, commandLine));
        }
        return settings.rollingSize();
    }

    /**
     * The timing preset the runs' kernels are modelled under: {@code option} ({@code none}: untimed), else {@code
     * gmac.timing} if set, else {@link RunSettings#DEFAULT_TIMING}. Returns null for untimed.
     */
    static String timing(String option, ResolvedSettings settings, CommandLine commandLine) {
        String preset = option != null
                ? option
                : settings.isSet("gmac.timing") ? settings.timing() : RunSettings.DEFAULT_TIMING;
        if (preset == null || preset.isBlank() || preset.equalsIgnoreCase("none")) {
            return null;
        }
        try {
            dev.gmac.api.AdsmConfig.defaults().withTiming(preset);
        } catch (dev.gmac.api.AdsmException e) {
            throw new CommandLine.ParameterException(commandLine, "--timing " + e.getMessage());
        }
        return preset;
    }

    private static Object parse(String setting, String option, String text, CommandLine commandLine) {
        try {
            return RuntimeSettings.byName(setting).orElseThrow().key().parse(text);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(commandLine, option + " " + e.getMessage());
        }
    }
}
