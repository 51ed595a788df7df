package dev.gmac.samples.cli;

import dev.gmac.api.config.ResolvedSettings;
import dev.gmac.api.config.RuntimeSettings;
import dev.gmac.api.config.Setting;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code gmac config}: every runtime setting of the registry ({@link RuntimeSettings}) with its environment
 * variable, its value in this run, where that value came from, the values it allows and what it does.
 */
@Command(
        name = "config",
        mixinStandardHelpOptions = true,
        description = {
            "List every runtime setting: its value here and where it came from (-D on the command line, a gmac.*"
                    + " system property, a GMAC_* environment variable, or the default).",
            "Set one with -Dgmac.KEY=VALUE on any command, java -Dgmac.KEY=VALUE (GMAC_JAVA_OPTS) or GMAC_KEY=VALUE."
        })
final class ConfigCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        ResolvedSettings settings = GmacCommand.settings(spec);
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"setting", "environment", "value", "from", "allowed", "what it does"});
        for (Setting s : RuntimeSettings.ALL) {
            rows.add(new String[] {
                s.name(),
                s.environmentVariable(),
                s.key().format(settings.value(s.name())),
                settings.source(s.name()).words(),
                s.key().range(),
                s.key().description()
            });
        }
        int[] width = new int[rows.get(0).length];
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        for (String[] r : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < r.length; i++) {
                line.append(i == r.length - 1 ? r[i] : String.format("%-" + width[i] + "s  ", r[i]));
            }
            out.println(line.toString().stripTrailing());
        }
        out.flush();
        return 0;
    }
}
