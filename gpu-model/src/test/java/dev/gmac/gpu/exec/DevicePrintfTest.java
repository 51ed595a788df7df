package dev.gmac.gpu.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.gpu.Dim3;
import dev.gmac.gpu.GpuConfig;
import dev.gmac.gpu.KernelFaultException;
import dev.gmac.gpu.LaunchStats;
import dev.gmac.gpu.SoftwareGpu;
import dev.gmac.gpu.ptx.PtxModule;
import dev.gmac.gpu.timing.TimingSimulator;
import dev.gmac.gpu.timing.config.TimingPresets;
import dev.gmac.gpu.timing.functional.TimedLaunch;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Device {@code printf} on the default model (issue 15): the formatting of every conversion is the C library's, the
 * output comes in execution order and is the same run after run, and it reaches {@link LaunchStats#deviceOutput()},
 * {@link KernelFaultException#deviceOutput()} and the timing model's launches alike.
 */
class DevicePrintfTest {
    private static long upload(SoftwareGpu gpu, ByteBuffer data, String name) {
        data.flip();
        long p = gpu.malloc(Math.max(8, data.remaining()), name);
        gpu.copyToDevice(p, data);
        return p;
    }

    /** A buffer "values" holding the ints 0..63. */
    private static long iota64(SoftwareGpu gpu) {
        ByteBuffer v = buffer(256);
        for (int i = 0; i < 64; i++) {
            v.putInt(i);
        }
        return upload(gpu, v, "values");
    }

    private static ByteBuffer buffer(int bytes) {
        return ByteBuffer.allocate(bytes).order(ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * The expected text is what glibc's {@code printf} prints for the same format strings and arguments (the C
     * program that produced it is the kernel's body run on the host), except the last line: CUDA's printf returns the
     * number of arguments it parsed (9), not of characters.
     */
    @Test
    void everyConversionFormatsAsTheCLibraryDoes() {
        String expected = "[-42|7|   42|42   |-0042|+42| 42|007|]\n"
                + "[3000000000|ff|FF|0xff|10|010|     0ff|44|4464|20015998343868|20015998343868|20015998343868"
                + "|123456789abc]\n"
                + "[A|    B|C  |hello|   hello|hello   |he|(null)]\n"
                + "[3.141593|0.12|1.00|     3.142|3.1       |+3.1|2|2.|3.141593]\n"
                + "[3.141593e+00|1.23e+04|1.234560E-04|3e+00|0.000000e+00]\n"
                + "[3.14159|12345.7|0.000123456|1e-05|3.14|2.50000|0.000123456|100000]\n"
                + "[0x1.8p+0|0X1.8P+0|0x1.92p+1|0x1.8p+2]\n"
                + "[inf|-inf|nan|inf|  nan|inf   ]\n"
                + "[    42|7   |3.142|%|(nil)|0x1000]\n"
                + "printf returned 9\n";
        double[] d = {
            3.14159265358979,
            0.125,
            1.005,
            2.5,
            12345.678,
            0.000123456,
            1e-5,
            1.5,
            6.0,
            Double.POSITIVE_INFINITY,
            Double.NaN
        };
        try (SoftwareGpu gpu = new SoftwareGpu()) {
            PtxModule m = gpu.loadResource("/ptx/debug_printf.ptx");
            ByteBuffer db = buffer(8 * d.length);
            for (double x : d) {
                db.putDouble(x);
            }
            long dp = upload(gpu, db, "d");
            long sp = upload(gpu, buffer(8).put("hello\0".getBytes(StandardCharsets.US_ASCII)), "s");
            LaunchStats stats = gpu.launch(m, "print_formats", Dim3.of(1), Dim3.of(32), 0, dp, sp, 0x123456789ABCL);
            assertEquals(expected, stats.deviceOutput());
        }
    }

    /** Lines in execution order: CTA 0's warp, then CTA 1's, lanes ascending; the same on every run. */
    @Test
    void outputIsInExecutionOrderAndDeterministic() {
        StringBuilder expected = new StringBuilder();
        for (int i = 0; i < 64; i++) {
            expected.append("block ")
                    .append(i / 32)
                    .append(" thread ")
                    .append(i % 32)
                    .append(": value ")
                    .append(i)
                    .append(" of 100\n");
        }
        for (int run = 0; run < 2; run++) {
            try (SoftwareGpu gpu = new SoftwareGpu()) {
                PtxModule m = gpu.loadResource("/ptx/debug_printf.ptx");
                long values = iota64(gpu);
                LaunchStats stats = gpu.launch(m, "print_then_assert", Dim3.of(2), Dim3.of(32), 0, values, 100);
                assertEquals(expected.toString(), stats.deviceOutput(), "run " + run);
            }
        }
    }

    @Test
    void theFaultCarriesTheLinesPrintedBeforeIt() {
        try (SoftwareGpu gpu = new SoftwareGpu()) {
            PtxModule m = gpu.loadResource("/ptx/debug_printf.ptx");
            long values = iota64(gpu);
            KernelFaultException e = assertThrows(
                    KernelFaultException.class,
                    () -> gpu.launch(m, "print_then_assert", Dim3.of(2), Dim3.of(32), 0, values, 40));
            String[] lines = e.deviceOutput().split("\n");
            assertEquals(64, lines.length);
            assertEquals("block 0 thread 0: value 0 of 40", lines[0]);
            assertEquals("block 1 thread 31: value 63 of 40", lines[63]);
            assertEquals(new Dim3(8, 0, 0), e.thread(), "the first lane of the warp whose value reaches 40");
            assertTrue(
                    e.getMessage()
                            .startsWith("kernel fault ASSERTION in print_then_assert at PTX line 111:2 call.uni"
                                    + " (debug_printf.cu:10), CTA (1,0,0), thread (8,0,0): debug_printf.cu:10:"),
                    e.getMessage());
            assertEquals(2, e.ptxColumn(), "the call starts after one tab");
            assertEquals("call.uni", e.opcode());
            assertTrue(e.reason().endsWith("(23 more threads of the warp too)"), e.reason());
        }
    }

    @Test
    void outputBeyondTheBufferIsDroppedWithANote() {
        try (SoftwareGpu gpu =
                new SoftwareGpu(GpuConfig.builder().printfBufferBytes(100).build())) {
            PtxModule m = gpu.loadResource("/ptx/debug_printf.ptx");
            long values = upload(gpu, buffer(256).put(new byte[256]), "values");
            String out = gpu.launch(m, "print_then_assert", Dim3.of(2), Dim3.of(32), 0, values, 100)
                    .deviceOutput();
            // each line is 31 bytes: three fit in 100
            assertEquals(
                    "block 0 thread 0: value 0 of 100\nblock 0 thread 1: value 0 of 100\n"
                            + "block 0 thread 2: value 0 of 100\n[gmac: device printf output beyond 100 bytes was"
                            + " dropped; raise gmac.gpu.printfSize (GpuConfig.printfBufferBytes)]\n",
                    out);
        }
    }

    @Test
    void theTimingModelRunsTheSameDeviceRuntime() {
        TimingSimulator sim = new TimingSimulator(TimingPresets.load("gtx480"));
        try (SoftwareGpu gpu = new SoftwareGpu(
                GpuConfig.builder().maxResidentCtas(sim.ctaSlots()).build())) {
            PtxModule m = gpu.loadResource("/ptx/debug_printf.ptx");
            long values = iota64(gpu);
            TimedLaunch.Result timed =
                    TimedLaunch.run(gpu, sim, m, "print_then_assert", Dim3.of(2), Dim3.of(32), 0, values, 100);
            assertEquals(64, timed.functional().deviceOutput().lines().count());
            assertTrue(timed.functional().deviceOutput().contains("block 1 thread 31: value 63 of 100\n"));
            assertTrue(timed.timing().cycles() > 0);
        }
    }
}
