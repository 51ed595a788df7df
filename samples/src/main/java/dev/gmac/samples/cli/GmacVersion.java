package dev.gmac.samples.cli;

import picocli.CommandLine;

/** Reports the version recorded in the CLI jar's manifest, and the JVM it runs on. */
final class GmacVersion implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        String version = GmacCommand.class.getPackage().getImplementationVersion();
        return new String[] {
            "gmac " + (version == null ? "(development build)" : version),
            "JVM: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.version")
        };
    }
}
