package dev.gmac.samples.cli;

import dev.gmac.api.Adsm;
import dev.gmac.api.AdsmConfig;
import dev.gmac.api.Protocol;
import dev.gmac.api.SharedBuffer;
import dev.gmac.gpu.config.ByteSize;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code gmac memory-soak}: allocates and frees shared buffers in a loop (issue 14's measurement of memory
 * returned at {@code adsmFree}) and prints the process's resident set size as it goes. At most {@code
 * --live} buffers are live at once; each is written at both ends before it is freed, so its host copy and
 * its device copy are both used.
 */
@Command(
        name = "memory-soak",
        mixinStandardHelpOptions = true,
        description = "Allocate and free shared buffers in a loop and print the resident set size (RSS) as it goes:"
                + " memory must come back at adsmFree, not at garbage collection.")
public final class MemorySoakCommand implements Callable<Integer> {
    @Option(names = "--cycles", description = "Allocation/free cycles (default: ${DEFAULT-VALUE}).")
    long cycles = 1_000_000;

    @Option(names = "--bytes", description = "Bytes per buffer, e.g. 4096 or 64KiB (default: ${DEFAULT-VALUE}).")
    String size = "64KiB";

    @Option(names = "--live", description = "Most buffers live at once (default: ${DEFAULT-VALUE}).")
    int live = 2;

    @Option(names = "--samples", description = "RSS samples printed over the run (default: ${DEFAULT-VALUE}).")
    int samples = 20;

    @Option(
            names = "--protocol",
            description = "batch, lazy or rolling (default: ${DEFAULT-VALUE}).",
            converter = ProtocolConverter.class)
    Protocol protocol = Protocol.ROLLING;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        long bytes = ByteSize.parse(size);
        if (cycles <= 0 || live <= 0 || samples <= 0 || bytes <= 0) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--cycles, --bytes, --live and --samples must be positive");
        }
        PrintWriter out = spec.commandLine().getOut();
        long every = Math.max(1, cycles / samples);
        out.printf(
                "memory soak: %d cycles of %d-byte buffers, at most %d live, %s; max heap %d MiB%n",
                cycles,
                bytes,
                live,
                protocol.name().toLowerCase(java.util.Locale.ROOT),
                Runtime.getRuntime().maxMemory() >> 20);
        out.printf("%12s %10s %14s%n", "cycle", "RSS MiB", "direct MiB");
        long peak = 0;
        long start = System.nanoTime();
        try (Adsm adsm = Adsm.open(AdsmConfig.defaults().withProtocol(protocol))) {
            ArrayDeque<SharedBuffer> buffers = new ArrayDeque<>();
            for (long cycle = 1; cycle <= cycles; cycle++) {
                SharedBuffer buffer = adsm.adsmAlloc(bytes);
                buffer.putByte(0, (byte) cycle);
                buffer.putByte(bytes - 1, (byte) cycle);
                buffers.addLast(buffer);
                if (buffers.size() >= live) {
                    adsm.adsmFree(buffers.removeFirst());
                }
                if (cycle % every == 0 || cycle == cycles) {
                    long rss = residentBytes();
                    peak = Math.max(peak, rss);
                    out.printf("%12d %10.1f %14.1f%n", cycle, rss / 1048576.0, directBytes() / 1048576.0);
                    out.flush();
                }
            }
        }
        out.printf(
                "peak RSS %.1f MiB over %d cycles (%.1f s)%n",
                peak / 1048576.0, cycles, (System.nanoTime() - start) / 1e9);
        return 0;
    }

    /** The resident set size, from /proc/self/status (Linux). */
    static long residentBytes() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) {
                String[] parts = line.trim().split("\\s+");
                return Long.parseLong(parts[1]) * 1024;
            }
        }
        throw new IOException("no VmRSS line in /proc/self/status (this command needs Linux)");
    }

    private static long directBytes() {
        for (BufferPoolMXBean pool : ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class)) {
            if (pool.getName().equals("direct")) {
                return pool.getMemoryUsed();
            }
        }
        return -1;
    }

    /** Parses a protocol name for picocli. */
    public static final class ProtocolConverter implements CommandLine.ITypeConverter<Protocol> {
        @Override
        public Protocol convert(String value) {
            try {
                return Protocol.parse(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(
                        "'" + value + "' is not a protocol (batch, lazy or rolling)");
            }
        }
    }
}
