package dev.gmac.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.gmac.coherence.ObjectHints;
import dev.gmac.coherence.ProtocolKind;
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
import java.util.EnumMap;
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
 * <p>Issue 14's additions, as the API exposes them: two execution contexts (the test thread's own and an explicit
 * {@link AdsmContext}; each buffer is allocated in one, called by its owner, and handed over with {@code adopt}; a
 * context's failing kernel is reported by that context's sync only); per-buffer hints at allocation ({@link
 * AllocHints}: protocol, block size, sub-block tracking, fetch granularity, read-mostly), so one sequence mixes
 * protocols and block sizes and element writes move sub-block ranges; prefetches to the host and to the device;
 * and kernels given {@link BufferSlice}s (the kernel works on a byte range in the middle of a buffer, as CUDA code
 * passing {@code p + offset}).
 *
 * <p>{@code gmac.apiModelSequences} sequences per protocol, default 10,000 (as the coherence module's test), from
 * seed {@code gmac.apiModelSeed} (default 1); docs/adsm.md gives the command and time of the run. Each sequence
 * opens its own runtime (its own block size and rolling size); the kernel module is lowered once per process
 * (decision 0403). The test counts the {@link Feature}s the sequences used and fails when one never occurred. A
 * failure names the protocol and the seed.
 */
class AdsmModelBasedTest {
    private static final int SEQUENCES = Integer.getInteger("gmac.apiModelSequences", 10_000);
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

    /** What issue 14 asks the test to cover; every one must occur in a run of {@value #COVERAGE_RUN} sequences. */
    enum Feature {
        CALL_BY_THE_OTHER_CONTEXT,
        ADOPT,
        OWN_PROTOCOL,
        OWN_BLOCK_SIZE,
        SUB_BLOCK_WRITE,
        WHOLE_BLOCK_WRITE,
        FETCH_GRANULARITY,
        READ_MOSTLY,
        PREFETCH_TO_HOST,
        PREFETCH_TO_DEVICE,
        SLICE_ARGUMENT,
        FAILING_CALL
    }

    /** Sequences from which on every {@link Feature} must have occurred. */
    static final int COVERAGE_RUN = 100;

    @ParameterizedTest
    @EnumSource(Protocol.class)
    void hostVisibleDataMatchesTheReferenceModelOnTheSoftwareGpu(Protocol protocol) throws Exception {
        String ptx = Adsm.readResource(AdsmApiTest.KERNELS);
        EnumMap<Feature, Integer> covered = new EnumMap<>(Feature.class);
        try (FileChannel input = FileChannel.open(file, StandardOpenOption.READ)) {
            for (long seed = FIRST_SEED; seed < FIRST_SEED + SEQUENCES; seed++) {
                StringBuilder trace = new StringBuilder();
                try {
                    run(protocol, seed, ptx, input, trace, covered);
                } catch (Throwable t) {
                    fail("protocol " + protocol + ", seed " + seed + ": " + t + "\ntrace:" + trace, t);
                }
            }
        }
        if (SEQUENCES >= COVERAGE_RUN) {
            for (Feature f : Feature.values()) {
                assertTrue(covered.getOrDefault(f, 0) > 0, protocol + ": no " + f + " in " + SEQUENCES + " sequences");
            }
        }
    }

    private static void count(EnumMap<Feature, Integer> covered, Feature f) {
        covered.merge(f, 1, Integer::sum);
    }

    /** A live buffer, its reference bytes and the index of the context that owns it. */
    private static final class Obj {
        final SharedBuffer buffer;
        final byte[] model;
        int owner;
        /** Rolling-update with sub-block tracking (element writes move byte ranges) or whole blocks. */
        final boolean subBlock;

        Obj(SharedBuffer buffer, int owner, boolean subBlock) {
            this.buffer = buffer;
            this.model = new byte[(int) buffer.byteSize()];
            this.owner = owner;
            this.subBlock = subBlock;
        }
    }

    private static void run(
            Protocol protocol,
            long seed,
            String ptx,
            FileChannel input,
            StringBuilder trace,
            EnumMap<Feature, Integer> covered)
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
            AdsmContext[] contexts = {adsm.context(), adsm.newContext("other")};
            boolean[] failurePending = new boolean[contexts.length];
            List<Obj> live = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                live.add(alloc(protocol, contexts, random.nextInt(contexts.length), random, trace, covered));
            }
            int steps = 5 + random.nextInt(20);
            for (int step = 0; step < steps; step++) {
                Obj obj = live.get(random.nextInt(live.size()));
                byte[] m = obj.model;
                int choice = random.nextInt(100);
                if (choice < 5 && live.size() < 4) {
                    live.add(alloc(protocol, contexts, random.nextInt(contexts.length), random, trace, covered));
                } else if (choice < 8 && live.size() > 2) {
                    trace.append("\n  free ").append(obj.buffer);
                    live.remove(obj);
                    adsm.adsmFree(obj.buffer);
                } else if (choice < 26) {
                    int i = random.nextInt(m.length);
                    byte v = (byte) random.nextInt();
                    trace.append("\n  putByte ").append(i);
                    count(covered, obj.subBlock ? Feature.SUB_BLOCK_WRITE : Feature.WHOLE_BLOCK_WRITE);
                    obj.buffer.putByte(i, v);
                    m[i] = v;
                } else if (choice < 34 && m.length >= 4) {
                    int i = random.nextInt(m.length / 4);
                    int v = random.nextInt();
                    trace.append("\n  putInt ").append(i);
                    count(covered, obj.subBlock ? Feature.SUB_BLOCK_WRITE : Feature.WHOLE_BLOCK_WRITE);
                    obj.buffer.putInt(i, v);
                    for (int b = 0; b < 4; b++) {
                        m[4 * i + b] = (byte) (v >>> (8 * b));
                    }
                } else if (choice < 44) {
                    int i = random.nextInt(m.length);
                    trace.append("\n  getByte ").append(i);
                    assertEquals(m[i], obj.buffer.getByte(i), "byte " + i);
                } else if (choice < 49) {
                    int off = random.nextInt(m.length);
                    byte[] values = new byte[random.nextInt(m.length - off + 1)];
                    random.nextBytes(values);
                    trace.append("\n  copyFrom ").append(off).append(" +").append(values.length);
                    obj.buffer.copyFrom(values, 0, off, values.length);
                    System.arraycopy(values, 0, m, off, values.length);
                } else if (choice < 67) {
                    call(adsm, mix, contexts, failurePending, live, obj, random, trace, covered);
                } else if (choice < 73) {
                    int c = random.nextInt(contexts.length);
                    if (failurePending[c]) {
                        expectFault(contexts[c], trace);
                        failurePending[c] = false;
                    } else {
                        trace.append("\n  sync ").append(contexts[c].name());
                        contexts[c].adsmSync();
                    }
                } else if (choice < 77) {
                    int off = random.nextInt(m.length);
                    int len = random.nextInt(m.length - off + 1);
                    boolean toHost = random.nextBoolean();
                    trace.append("\n  prefetch ")
                            .append(toHost ? "to host " : "to device ")
                            .append(off)
                            .append(" +")
                            .append(len);
                    count(covered, toHost ? Feature.PREFETCH_TO_HOST : Feature.PREFETCH_TO_DEVICE);
                    if (toHost) {
                        adsm.prefetchToHost(obj.buffer, off, len);
                    } else {
                        adsm.prefetchToDevice(obj.buffer, off, len);
                    }
                } else if (choice < 80) {
                    int to = 1 - obj.owner;
                    trace.append("\n  adopt ").append(obj.buffer).append(" by ").append(contexts[to].name());
                    contexts[to].adopt(obj.buffer);
                    count(covered, Feature.ADOPT);
                    obj.owner = to;
                    assertEquals(true, contexts[to].owns(obj.buffer));
                } else if (choice < 84) {
                    int off = random.nextInt(m.length);
                    int len = random.nextInt(m.length - off + 1);
                    int v = random.nextInt(256);
                    trace.append("\n  memset ").append(off).append(" +").append(len);
                    adsm.memset(obj.buffer, off, v, len);
                    Arrays.fill(m, off, off + len, (byte) v);
                } else if (choice < 89) {
                    Obj src = live.get(random.nextInt(live.size()));
                    if (src == obj) {
                        continue;
                    }
                    int len = random.nextInt(Math.min(m.length, src.model.length) + 1);
                    int dOff = random.nextInt(m.length - len + 1);
                    int sOff = random.nextInt(src.model.length - len + 1);
                    trace.append("\n  memcpy ").append(len);
                    adsm.memcpy(obj.buffer, dOff, src.buffer, sOff, len);
                    System.arraycopy(src.model, sOff, m, dOff, len);
                } else if (choice < 95) {
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
                    obj.buffer.readFrom(input, off, len);
                    System.arraycopy(fileBytes, pos, m, off, len);
                } else {
                    int off = random.nextInt(m.length);
                    int len = random.nextInt(m.length - off + 1);
                    trace.append("\n  writeTo ").append(off).append(" +").append(len);
                    ByteArrayOutputStream sink = new ByteArrayOutputStream();
                    obj.buffer.writeTo(Channels.newChannel(sink), off, len);
                    assertArrayEquals(Arrays.copyOfRange(m, off, off + len), sink.toByteArray());
                }
            }
            for (int c = 0; c < contexts.length; c++) {
                if (failurePending[c]) {
                    expectFault(contexts[c], trace);
                }
                contexts[c].adsmSync();
            }
            for (Obj obj : live) {
                byte[] got = new byte[obj.model.length];
                obj.buffer.copyTo(0, got, 0, got.length);
                assertArrayEquals(obj.model, got, "host-visible bytes of " + obj.buffer);
            }
        }
    }

    /**
     * A call of {@code mix_bytes} by the context that owns {@code obj}, writing all of it or a slice of it, reading
     * another buffer of the same context (whole or a slice) or nothing; sometimes annotated, sometimes failing.
     */
    private static void call(
            Adsm adsm,
            PtxKernel mix,
            AdsmContext[] contexts,
            boolean[] failurePending,
            List<Obj> live,
            Obj obj,
            Random random,
            StringBuilder trace,
            EnumMap<Feature, Integer> covered) {
        int c = obj.owner;
        if (failurePending[c]) {
            expectFault(contexts[c], trace);
            failurePending[c] = false;
        }
        byte[] m = obj.model;
        List<Obj> mine = new ArrayList<>();
        for (Obj o : live) {
            if (o.owner == c && o != obj) {
                mine.add(o);
            }
        }
        Obj in = mine.isEmpty() || random.nextInt(4) == 0 ? null : mine.get(random.nextInt(mine.size()));
        // The range written: the whole buffer, or a slice of at least one byte.
        int outOff = 0;
        int outLen = m.length;
        Object outArg = obj.buffer;
        if (random.nextInt(3) == 0) {
            outOff = random.nextInt(m.length);
            outLen = 1 + random.nextInt(m.length - outOff);
            outArg = obj.buffer.slice(outOff, outLen);
        }
        int inOff = 0;
        int inLen = 0;
        Object inArg = obj.buffer; // unused by the kernel when inLen is 0
        if (in != null) {
            inLen = in.model.length;
            inArg = in.buffer;
            if (random.nextInt(3) == 0) {
                inOff = random.nextInt(in.model.length);
                inLen = 1 + random.nextInt(in.model.length - inOff);
                inArg = in.buffer.slice(inOff, inLen);
            }
        }
        boolean annotate = random.nextBoolean();
        int failAt = random.nextInt(6) == 0 ? random.nextInt(outLen) : -1;
        trace.append("\n  call by ")
                .append(contexts[c].name())
                .append(" out=")
                .append(outArg)
                .append(in != null ? " in=" + inArg : "")
                .append(annotate ? " annotated" : "")
                .append(failAt >= 0 ? " FAILING" : "");
        Object[] args = {outArg, outLen, inArg, inLen, failAt};
        if (c == 1) {
            count(covered, Feature.CALL_BY_THE_OTHER_CONTEXT);
        }
        if (outArg instanceof BufferSlice || (in != null && inArg instanceof BufferSlice)) {
            count(covered, Feature.SLICE_ARGUMENT);
        }
        if (failAt >= 0) {
            count(covered, Feature.FAILING_CALL);
        }
        Dim3 grid = Dim3.of((outLen + 63) / 64);
        if (annotate) {
            contexts[c].adsmCall(mix, grid, Dim3.of(64), WriteSet.of(obj.buffer), args);
        } else {
            contexts[c].adsmCall(mix, grid, Dim3.of(64), args);
        }
        if (failAt >= 0) {
            failurePending[c] = true;
            return;
        }
        for (int j = 0; j < outLen; j++) {
            int v = m[outOff + j] * 5 + 1;
            if (in != null) {
                v += in.model[inOff + (int) ((7L * j) % inLen)];
            }
            m[outOff + j] = (byte) v;
        }
    }

    private static Obj alloc(
            Protocol runtimeProtocol,
            AdsmContext[] contexts,
            int owner,
            Random random,
            StringBuilder trace,
            EnumMap<Feature, Integer> covered) {
        int size = 1 + random.nextInt(random.nextBoolean() ? 40 : 300);
        AllocHints hints = AllocHints.defaults();
        if (random.nextBoolean()) {
            Protocol[] protocols = Protocol.values();
            if (random.nextInt(3) == 0) {
                hints = hints.protocol(protocols[random.nextInt(protocols.length)]);
            }
            if (random.nextInt(3) == 0) {
                hints = hints.blockSize(8L << random.nextInt(5));
            }
            if (random.nextInt(4) == 0) {
                hints = hints.subBlock(random.nextBoolean());
            }
            if (random.nextInt(4) == 0) {
                hints = hints.fetchGranularity(1L << random.nextInt(6));
            }
            if (random.nextInt(5) == 0) {
                hints = hints.readMostly();
            }
        }
        SharedBuffer buffer = contexts[owner].adsmAlloc(size, hints);
        ObjectHints h = hints.toObjectHints();
        boolean rolling = (h.protocol() != null ? h.protocol() : runtimeProtocol.kind()) == ProtocolKind.ROLLING;
        if (h.protocol() != null) {
            count(covered, Feature.OWN_PROTOCOL);
        }
        if (h.blockSize() != 0) {
            count(covered, Feature.OWN_BLOCK_SIZE);
        }
        if (h.fetchGranularity() != 0) {
            count(covered, Feature.FETCH_GRANULARITY);
        }
        if (h.readMostly()) {
            count(covered, Feature.READ_MOSTLY);
        }
        trace.append("\n  alloc ")
                .append(buffer)
                .append(" in ")
                .append(contexts[owner].name())
                .append(' ')
                .append(hints);
        return new Obj(buffer, owner, rolling && !Boolean.FALSE.equals(h.subBlock()));
    }

    private static void expectFault(AdsmContext context, StringBuilder trace) {
        trace.append("\n  sync ").append(context.name()).append(" (expecting the fault)");
        AdsmException fault = assertThrows(AdsmException.class, context::adsmSync);
        assertEquals(AdsmException.Reason.KERNEL_FAULT, fault.reason(), fault.getMessage());
    }
}
