package dev.gmac.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import dev.gmac.gpu.GpuConfig;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The model-based randomized test of the coherence module, at the API level and on the real software GPU
 * with a real PTX kernel ({@code mix_bytes} of adsm_test_kernels.cu): random short sequences of host reads
 * and writes, kernel calls (sometimes annotated with their write set, sometimes faulting half way), explicit
 * and implicit syncs, memset, memcpy, file reads and writes, frees. Host-visible data must always equal a
 * reference model that applies the same operations to byte arrays.
 *
 * <p>Fewer sequences than the coherence module's test (the PTX interpreter is slower than a Java kernel):
 * {@code gmac.apiModelSequences} per protocol, default 400, from seed {@code gmac.apiModelSeed} (default 1).
 * A failure names the protocol and the seed.
 */
class AdsmModelBasedTest {
    private static final int SEQUENCES = Integer.getInteger("gmac.apiModelSequences", 400);
    private static final long FIRST_SEED = Long.getLong("gmac.apiModelSeed", 1L);

    @TempDir
    static Path dir;

    private static Path file;
    private static byte[] fileBytes;

    @BeforeAll
    static void writeFile() throws IOException {
        fileBytes = new byte[2048];
        new Random(7).nextBytes(fileBytes);
        file = dir.resolve("input.bin");
        Files.write(file, fileBytes);
    }

    @ParameterizedTest
    @EnumSource(Protocol.class)
    void hostVisibleDataMatchesTheReferenceModelOnTheSoftwareGpu(Protocol protocol) throws Exception {
        String ptx = Adsm.readResource(AdsmApiTest.KERNELS);
        try (FileChannel input = FileChannel.open(file, StandardOpenOption.READ)) {
            for (long seed = FIRST_SEED; seed < FIRST_SEED + SEQUENCES; seed++) {
                StringBuilder trace = new StringBuilder();
                try {
                    run(protocol, seed, ptx, input, trace);
                } catch (Throwable t) {
                    fail("protocol " + protocol + ", seed " + seed + ": " + t + "\ntrace:" + trace, t);
                }
            }
        }
    }

    private record Obj(SharedBuffer buffer, byte[] model) {}

    private static void run(Protocol protocol, long seed, String ptx, FileChannel input, StringBuilder trace)
            throws IOException {
        Random random = new Random(seed);
        long[] blockSizes = {8, 32, 64, 256};
        AdsmConfig config = AdsmConfig.defaults()
                .withProtocol(protocol)
                .withBlockSize(blockSizes[random.nextInt(blockSizes.length)])
                .withRollingSize(1 + random.nextInt(3))
                .withGpu(GpuConfig.builder().globalMemoryBytes(8L << 20).build());
        try (Adsm adsm = Adsm.open(config)) {
            PtxKernel mix = adsm.kernel(ptx, "mix_bytes");
            List<Obj> live = new ArrayList<>();
            boolean failurePending = false;
            for (int i = 0; i < 2; i++) {
                live.add(alloc(adsm, random, trace));
            }
            int steps = 5 + random.nextInt(20);
            for (int step = 0; step < steps; step++) {
                Obj obj = live.get(random.nextInt(live.size()));
                byte[] m = obj.model();
                int choice = random.nextInt(100);
                if (choice < 5 && live.size() < 4) {
                    live.add(alloc(adsm, random, trace));
                } else if (choice < 8 && live.size() > 2) {
                    trace.append("\n  free ").append(obj.buffer());
                    live.remove(obj);
                    adsm.adsmFree(obj.buffer());
                } else if (choice < 30) {
                    int i = random.nextInt(m.length);
                    byte v = (byte) random.nextInt();
                    trace.append("\n  putByte ").append(i);
                    obj.buffer().putByte(i, v);
                    m[i] = v;
                } else if (choice < 40 && m.length >= 4) {
                    int i = random.nextInt(m.length / 4);
                    int v = random.nextInt();
                    trace.append("\n  putInt ").append(i);
                    obj.buffer().putInt(i, v);
                    for (int b = 0; b < 4; b++) {
                        m[4 * i + b] = (byte) (v >>> (8 * b));
                    }
                } else if (choice < 52) {
                    int i = random.nextInt(m.length);
                    trace.append("\n  getByte ").append(i);
                    assertEquals(m[i], obj.buffer().getByte(i), "byte " + i);
                } else if (choice < 57) {
                    int off = random.nextInt(m.length);
                    byte[] values = new byte[random.nextInt(m.length - off + 1)];
                    random.nextBytes(values);
                    trace.append("\n  copyFrom ").append(off).append(" +").append(values.length);
                    obj.buffer().copyFrom(values, 0, off, values.length);
                    System.arraycopy(values, 0, m, off, values.length);
                } else if (choice < 75) {
                    if (failurePending) {
                        expectFault(adsm, trace);
                        failurePending = false;
                    }
                    Obj in = live.get(random.nextInt(live.size()));
                    boolean useInput = in != obj;
                    boolean annotate = random.nextBoolean();
                    int failAt = random.nextInt(6) == 0 ? random.nextInt(m.length) : -1;
                    trace.append("\n  call out=")
                            .append(obj.buffer())
                            .append(useInput ? " in=" + in.buffer() : "")
                            .append(annotate ? " annotated" : "")
                            .append(failAt >= 0 ? " FAILING" : "");
                    Object[] args = {obj.buffer(), m.length, in.buffer(), useInput ? in.model().length : 0, failAt};
                    Dim3 grid = Dim3.of((m.length + 63) / 64);
                    if (annotate) {
                        adsm.adsmCall(mix, grid, Dim3.of(64), WriteSet.of(obj.buffer()), args);
                    } else {
                        adsm.adsmCall(mix, grid, Dim3.of(64), args);
                    }
                    if (failAt >= 0) {
                        failurePending = true;
                    } else {
                        byte[] src = in.model();
                        for (int j = 0; j < m.length; j++) {
                            int v = m[j] * 5 + 1;
                            if (useInput) {
                                v += src[(int) ((7L * j) % src.length)];
                            }
                            m[j] = (byte) v;
                        }
                    }
                } else if (choice < 82) {
                    if (failurePending) {
                        expectFault(adsm, trace);
                        failurePending = false;
                    } else {
                        trace.append("\n  sync");
                        adsm.adsmSync();
                    }
                } else if (choice < 87) {
                    int off = random.nextInt(m.length);
                    int len = random.nextInt(m.length - off + 1);
                    int v = random.nextInt(256);
                    trace.append("\n  memset ").append(off).append(" +").append(len);
                    adsm.memset(obj.buffer(), off, v, len);
                    Arrays.fill(m, off, off + len, (byte) v);
                } else if (choice < 92) {
                    Obj src = live.get(random.nextInt(live.size()));
                    if (src == obj) {
                        continue;
                    }
                    int len = random.nextInt(Math.min(m.length, src.model().length) + 1);
                    int dOff = random.nextInt(m.length - len + 1);
                    int sOff = random.nextInt(src.model().length - len + 1);
                    trace.append("\n  memcpy ").append(len);
                    adsm.memcpy(obj.buffer(), dOff, src.buffer(), sOff, len);
                    System.arraycopy(src.model(), sOff, m, dOff, len);
                } else if (choice < 96) {
                    int off = random.nextInt(m.length);
                    int len = random.nextInt(m.length - off + 1);
                    int pos = random.nextInt(fileBytes.length - len);
                    trace.append("\n  readFrom ")
                            .append(pos)
                            .append(" -> ")
                            .append(off)
                            .append(" +")
                            .append(len);
                    input.position(pos);
                    obj.buffer().readFrom(input, off, len);
                    System.arraycopy(fileBytes, pos, m, off, len);
                } else {
                    int off = random.nextInt(m.length);
                    int len = random.nextInt(m.length - off + 1);
                    trace.append("\n  writeTo ").append(off).append(" +").append(len);
                    ByteArrayOutputStream sink = new ByteArrayOutputStream();
                    obj.buffer().writeTo(Channels.newChannel(sink), off, len);
                    assertArrayEquals(Arrays.copyOfRange(m, off, off + len), sink.toByteArray());
                }
            }
            if (failurePending) {
                expectFault(adsm, trace);
            }
            adsm.adsmSync();
            for (Obj obj : live) {
                byte[] got = new byte[obj.model().length];
                obj.buffer().copyTo(0, got, 0, got.length);
                assertArrayEquals(obj.model(), got, "host-visible bytes of " + obj.buffer());
            }
        }
    }

    private static Obj alloc(Adsm adsm, Random random, StringBuilder trace) {
        int size = 1 + random.nextInt(random.nextBoolean() ? 40 : 300);
        SharedBuffer buffer = adsm.adsmAlloc(size);
        trace.append("\n  alloc ").append(buffer);
        return new Obj(buffer, new byte[size]);
    }

    private static void expectFault(Adsm adsm, StringBuilder trace) {
        trace.append("\n  sync (expecting the fault)");
        AdsmException fault = assertThrows(AdsmException.class, adsm::adsmSync);
        assertEquals(AdsmException.Reason.KERNEL_FAULT, fault.reason(), fault.getMessage());
    }
}
