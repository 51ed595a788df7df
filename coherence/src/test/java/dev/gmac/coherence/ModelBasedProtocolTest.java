package dev.gmac.coherence;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.gmac.coherence.accel.InMemoryAccelerator;
import dev.gmac.coherence.transfer.TransferSnapshot;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Model-based randomized test of each protocol against the in-memory accelerator: random short sequences
 * of host reads and writes (element and bulk, several accessors per object) at random offsets, kernel calls
 * (a Java kernel that reads some objects and writes others, sometimes annotated with its write set,
 * sometimes failing half way), syncs (explicit and implicit), memset, memcpy, file reads and writes,
 * eviction flushes, frees and allocations. After every step the host-visible data must equal a reference
 * model that applies the same operations to plain byte arrays with no protocol at all; at the end a release
 * must leave the accelerator copies equal to the model too.
 *
 * <p>Execution contexts: every sequence has two, the test thread's own and an explicit one. Objects are
 * allocated in either, calls are made by either (reaching only objects of the calling context: the whole
 * context, or just the kernel's inputs and outputs and a few more), both may have a kernel in flight at once
 * (a call or sync of one must not sync the other), and objects are handed from one to the other ({@code
 * adopt}).
 *
 * <p>Granularity: objects get random per-object hints (their own protocol and block size, sub-block tracking
 * on or off, a fetch granularity, read-mostly), so one sequence mixes protocols and block sizes; rolling-update
 * objects track sub-block ranges by default, so element writes and sparse reads move only their bytes; and
 * prefetches to the host and to the device are among the steps.
 *
 * <p>Runs {@code gmac.modelSequences} sequences per protocol (default 10,000) from seed {@code
 * gmac.modelSeed} (default 1). A failure names the protocol and seed; rerun just that one with {@code
 * -Dgmac.modelSeed=SEED -Dgmac.modelSequences=1}.
 */
class ModelBasedProtocolTest {
    private static final int SEQUENCES = Integer.getInteger("gmac.modelSequences", 10_000);
    private static final long FIRST_SEED = Long.getLong("gmac.modelSeed", 1L);
    private static final int FILE_BYTES = 4096;

    @TempDir
    static Path tempDir;

    private static Path inputFile;
    private static byte[] inputBytes;

    @BeforeAll
    static void writeInputFile() throws IOException {
        inputBytes = new byte[FILE_BYTES];
        new Random(42).nextBytes(inputBytes);
        inputFile = tempDir.resolve("input.bin");
        Files.write(inputFile, inputBytes);
    }

    @ParameterizedTest
    @EnumSource(ProtocolKind.class)
    void hostVisibleDataAlwaysMatchesTheReferenceModel(ProtocolKind protocol) throws Exception {
        try (FileChannel input = FileChannel.open(inputFile, StandardOpenOption.READ)) {
            for (long seed = FIRST_SEED; seed < FIRST_SEED + SEQUENCES; seed++) {
                try {
                    new Sequence(protocol, seed, input).run();
                } catch (Throwable t) {
                    fail("protocol " + protocol.lowerName() + ", seed " + seed + ": " + t, t);
                }
            }
        }
    }

    /** One random sequence: the runtime under test and the reference model side by side. */
    private static final class Sequence {
        private final ProtocolKind protocol;
        private final Random random;
        private final FileChannel input;
        private final InMemoryAccelerator device = new InMemoryAccelerator(1L << 20, false);
        private final SharedMemoryManager manager;
        private final List<Obj> live = new ArrayList<>();
        private final List<Obj> allObjects = new ArrayList<>();
        private final StringBuilder trace = new StringBuilder();
        private final List<ExecutionContext> contexts = new ArrayList<>();
        private final java.util.Set<ExecutionContext> failurePending = new java.util.HashSet<>();

        /** A live object, its reference bytes, its owning context and one or two accessors. */
        private static final class Obj {
            final SharedObject object;
            final byte[] model;
            final List<HostAccessor> accessors = new ArrayList<>();
            ExecutionContext owner;

            Obj(SharedObject object, ExecutionContext owner) {
                this.object = object;
                this.model = new byte[(int) object.byteSize()];
                this.owner = owner;
            }
        }

        Sequence(ProtocolKind protocol, long seed, FileChannel input) {
            this.protocol = protocol;
            this.random = new Random(seed);
            this.input = input;
            int[] blockSizes = {8, 16, 32, 64};
            CoherenceConfig config = CoherenceConfig.defaults()
                    .withProtocol(protocol)
                    .withBlockSize(blockSizes[random.nextInt(blockSizes.length)])
                    .withRollingIncrement(1 + random.nextInt(3))
                    .withAsyncEviction(random.nextInt(4) == 0)
                    .withDirectHostMemory(random.nextInt(4) == 0)
                    .withKernelFaultRecovery(true);
            this.manager = new SharedMemoryManager(device, config);
            trace.append("\n  config: block ")
                    .append(config.blockSize())
                    .append(", rolling +")
                    .append(config.rollingIncrement())
                    .append(config.asyncEviction() ? ", async evictions" : "");
            contexts.add(manager.currentContext());
            contexts.add(manager.newContext("b"));
        }

        private ExecutionContext pickContext() {
            return contexts.get(random.nextInt(contexts.size()));
        }

        private String name(ExecutionContext context) {
            return context == contexts.get(0) ? "A" : "B";
        }

        void run() throws Exception {
            try (manager) {
                int objects = 1 + random.nextInt(3);
                for (int i = 0; i < objects; i++) {
                    allocate();
                }
                int steps = 5 + random.nextInt(25);
                for (int step = 0; step < steps; step++) {
                    step();
                    checkInvariants();
                    if (random.nextInt(6) == 0) {
                        verifyAll();
                    }
                }
                verifyAll();
                finalRelease();
            } catch (Throwable t) {
                throw new AssertionError(t + "\ntrace:" + trace, t);
            }
        }

        private void step() throws Exception {
            int choice = random.nextInt(100);
            if (choice < 4) {
                if (live.size() < 5) {
                    allocate();
                }
            } else if (choice < 7) {
                if (live.size() > 1) {
                    free();
                }
            } else if (choice < 30) {
                elementWrite();
            } else if (choice < 45) {
                elementRead();
            } else if (choice < 52) {
                bulkWrite();
            } else if (choice < 57) {
                bulkRead();
            } else if (choice < 70) {
                call();
            } else if (choice < 77) {
                sync();
            } else if (choice < 82) {
                memset();
            } else if (choice < 87) {
                memcpy();
            } else if (choice < 92) {
                fileRead();
            } else if (choice < 95) {
                fileWrite();
            } else if (choice < 95) {
                prefetch();
            } else if (choice < 96) {
                ExecutionContext context = pickContext();
                log("flushDirty " + name(context));
                context.flushDirty();
                afterSyncPoint();
            } else if (choice < 98) {
                adopt();
            } else {
                newAccessor();
            }
        }

        private void log(String step) {
            trace.append("\n  ").append(step);
        }

        private Obj pick() {
            return live.get(random.nextInt(live.size()));
        }

        private HostAccessor accessorOf(Obj obj) {
            return obj.accessors.get(random.nextInt(obj.accessors.size()));
        }

        private void allocate() {
            int size = 1 + random.nextInt(random.nextBoolean() ? 24 : 200);
            ExecutionContext context = pickContext();
            ObjectHints hints = ObjectHints.defaults();
            if (random.nextInt(3) == 0) {
                ProtocolKind[] kinds = ProtocolKind.values();
                hints = hints.withProtocol(kinds[random.nextInt(kinds.length)]);
            }
            if (random.nextInt(3) == 0) {
                hints = hints.withBlockSize(8 << random.nextInt(4));
            }
            if (random.nextInt(4) == 0) {
                hints = hints.withSubBlock(random.nextBoolean());
            }
            if (random.nextInt(4) == 0) {
                hints = hints.withFetchGranularity(1 << random.nextInt(5));
            }
            if (random.nextInt(5) == 0) {
                hints = hints.withReadMostly(true);
            }
            Obj obj = new Obj(context.allocate(size, hints), context);
            obj.accessors.add(manager.accessor(obj.object));
            live.add(obj);
            allObjects.add(obj);
            log("allocate #" + obj.object.id() + " " + size + " bytes in " + name(context) + " " + hints);
        }

        /** A prefetch to the host or to the device of a random range: data must not change. */
        private void prefetch() {
            Obj obj = pick();
            int offset = random.nextInt(obj.model.length);
            int length = random.nextInt(obj.model.length - offset + 1);
            boolean toDevice = random.nextBoolean();
            log("prefetch #" + obj.object.id() + " [" + offset + ", +" + length + ") to "
                    + (toDevice ? "device" : "host"));
            if (toDevice) {
                manager.prefetchToDevice(obj.object, offset, length);
            } else {
                manager.prefetchToHost(obj.object, offset, length);
            }
        }

        /** Hands an object to the other context (waiting for its old owner's kernel if that reaches it). */
        private void adopt() {
            Obj obj = pick();
            ExecutionContext to = obj.owner == contexts.get(0) ? contexts.get(1) : contexts.get(0);
            log("adopt #" + obj.object.id() + " by " + name(to));
            to.adopt(obj.object);
            obj.owner = to;
            assertTrue(to.owns(obj.object));
            assertEquals(to, obj.object.owner());
        }

        private void newAccessor() {
            Obj obj = pick();
            obj.accessors.add(manager.accessor(obj.object));
            log("accessor #" + obj.object.id());
        }

        private void free() {
            Obj obj = live.remove(random.nextInt(live.size()));
            log("free #" + obj.object.id());
            manager.free(obj.object);
            afterImplicitSync();
            HostAccessor stale = obj.accessors.get(0);
            CoherenceException useAfterFree = assertThrows(CoherenceException.class, () -> stale.getByte(0));
            assertEquals(CoherenceException.Kind.USE_AFTER_FREE, useAfterFree.kind());
            CoherenceException doubleFree = assertThrows(CoherenceException.class, () -> manager.free(obj.object));
            assertEquals(CoherenceException.Kind.DOUBLE_FREE, doubleFree.kind());
        }

        // ---- element accesses: 1, 4 or 8 bytes as byte/int/long/float/double ----

        private void elementWrite() {
            Obj obj = pick();
            HostAccessor host = accessorOf(obj);
            int kind = random.nextInt(5);
            int size = kind == 0 ? 1 : (kind == 1 || kind == 3) ? 4 : 8;
            long count = obj.model.length / size;
            if (count == 0) {
                return;
            }
            long index = random.nextInt((int) count);
            long bits = random.nextLong();
            log("put" + size + " #" + obj.object.id() + "[" + index + "]");
            switch (kind) {
                case 0 -> host.putByte(index, (byte) bits);
                case 1 -> host.putInt(index, (int) bits);
                case 2 -> host.putLong(index, bits);
                case 3 -> host.putFloat(index, Float.intBitsToFloat((int) bits));
                default -> host.putDouble(index, Double.longBitsToDouble(bits));
            }
            for (int b = 0; b < size; b++) {
                obj.model[(int) (index * size) + b] = (byte) (bits >>> (8 * b));
            }
            afterHostAccess(obj);
        }

        private void elementRead() {
            Obj obj = pick();
            HostAccessor host = accessorOf(obj);
            int kind = random.nextInt(5);
            int size = kind == 0 ? 1 : (kind == 1 || kind == 3) ? 4 : 8;
            long count = obj.model.length / size;
            if (count == 0) {
                return;
            }
            long index = random.nextInt((int) count);
            log("get" + size + " #" + obj.object.id() + "[" + index + "]");
            long expected = 0;
            for (int b = size - 1; b >= 0; b--) {
                expected = (expected << 8) | (obj.model[(int) (index * size) + b] & 0xFF);
            }
            long got =
                    switch (kind) {
                        case 0 -> host.getByte(index) & 0xFFL;
                        case 1 -> host.getInt(index) & 0xFFFF_FFFFL;
                        case 2 -> host.getLong(index);
                        case 3 -> Float.floatToRawIntBits(host.getFloat(index)) & 0xFFFF_FFFFL;
                        default -> Double.doubleToRawLongBits(host.getDouble(index));
                    };
            assertEquals(expected, got, "element read of #" + obj.object.id() + " index " + index + " size " + size);
            afterHostAccess(obj);
        }

        // ---- bulk copies ----

        private void bulkWrite() {
            Obj obj = pick();
            HostAccessor host = accessorOf(obj);
            if (random.nextBoolean()) {
                int count = obj.model.length / 4;
                if (count == 0) {
                    return;
                }
                int index = random.nextInt(count);
                int n = random.nextInt(count - index + 1);
                int[] values = new int[n + 2];
                for (int i = 0; i < values.length; i++) {
                    values[i] = random.nextInt();
                }
                log("copyFrom int[] #" + obj.object.id() + " [" + index + ", +" + n + ")");
                host.copyFrom(values, 1, index, n);
                for (int i = 0; i < n; i++) {
                    ByteBuffer.wrap(obj.model).order(ByteOrder.LITTLE_ENDIAN).putInt((index + i) * 4, values[1 + i]);
                }
            } else {
                int index = random.nextInt(obj.model.length);
                int n = random.nextInt(obj.model.length - index + 1);
                byte[] values = new byte[n];
                random.nextBytes(values);
                log("copyFrom byte[] #" + obj.object.id() + " [" + index + ", +" + n + ")");
                host.copyFrom(values, 0, index, n);
                System.arraycopy(values, 0, obj.model, index, n);
            }
            afterHostAccess(obj);
        }

        private void bulkRead() {
            Obj obj = pick();
            HostAccessor host = accessorOf(obj);
            int count = obj.model.length / 8;
            if (random.nextBoolean() && count > 0) {
                int index = random.nextInt(count);
                int n = random.nextInt(count - index + 1);
                long[] got = new long[n];
                log("copyTo long[] #" + obj.object.id() + " [" + index + ", +" + n + ")");
                host.copyTo(index, got, 0, n);
                ByteBuffer model = ByteBuffer.wrap(obj.model).order(ByteOrder.LITTLE_ENDIAN);
                for (int i = 0; i < n; i++) {
                    assertEquals(model.getLong((index + i) * 8), got[i], "copyTo long " + (index + i));
                }
            } else {
                int index = random.nextInt(obj.model.length);
                int n = random.nextInt(obj.model.length - index + 1);
                byte[] got = new byte[n];
                log("copyTo byte[] #" + obj.object.id() + " [" + index + ", +" + n + ")");
                host.copyTo(index, got, 0, n);
                assertArrayEquals(java.util.Arrays.copyOfRange(obj.model, index, index + n), got, "copyTo bytes");
            }
            afterHostAccess(obj);
        }

        // ---- kernels ----

        /**
         * The kernel reads every input (into arrays, first), then rewrites every output: out[j] = out[j] * 5 +
         * 1 + sum over inputs of in[(7j + k) mod len(in)], k the input's position. A failing kernel scribbles
         * over the first half of each output on the device and throws.
         */
        private void call() {
            ExecutionContext context = pickContext();
            if (failurePending.contains(context)) {
                explicitSyncExpectingFailure(context);
            }
            List<Obj> inputs = new ArrayList<>();
            List<Obj> outputs = new ArrayList<>();
            List<Obj> reached = new ArrayList<>();
            for (Obj obj : live) {
                if (obj.owner != context) {
                    continue;
                }
                boolean in = random.nextInt(3) == 0;
                boolean out = random.nextInt(3) == 0;
                if (in) {
                    inputs.add(obj);
                }
                if (out) {
                    outputs.add(obj);
                }
                if (in || out || random.nextInt(4) == 0) {
                    reached.add(obj);
                }
            }
            boolean annotate = random.nextBoolean();
            boolean wholeContext = random.nextInt(3) == 0;
            boolean failing = random.nextInt(8) == 0;
            ExecutionContext other = context == contexts.get(0) ? contexts.get(1) : contexts.get(0);
            boolean otherInFlight = other.kernelInFlight();
            log("call " + name(context) + " in=" + ids(inputs) + " out=" + ids(outputs)
                    + (wholeContext ? " reach=all" : " reach=" + ids(reached)) + (annotate ? " annotated" : "")
                    + (failing ? " FAILING" : ""));
            List<SharedObject> outs = new ArrayList<>();
            for (Obj obj : outputs) {
                outs.add(obj.object);
            }
            List<SharedObject> ins = new ArrayList<>();
            for (Obj obj : inputs) {
                ins.add(obj.object);
            }
            List<SharedObject> reach = new ArrayList<>();
            for (Obj obj : reached) {
                reach.add(obj.object);
            }
            // Device-side dirty tracking (decision 0116): a tracked kernel writes only some blocks of each output
            // and reports them; the sync must invalidate those and keep the rest.
            boolean tracked = random.nextInt(3) == 0;
            java.util.IdentityHashMap<SharedObject, java.util.BitSet> wroteBlocks = new java.util.IdentityHashMap<>();
            for (SharedObject out : outs) {
                java.util.BitSet blocks = new java.util.BitSet();
                for (int b = 0; b < out.blockCount(); b++) {
                    if (!tracked || random.nextBoolean()) {
                        blocks.set(b);
                    }
                }
                wroteBlocks.put(out, blocks);
            }
            if (tracked) {
                log("  tracked, writes blocks " + wroteBlocks.values());
            }
            KernelTask kernel = new KernelTask() {
                @Override
                public void run() {
                    List<byte[]> snapshot = new ArrayList<>();
                    for (SharedObject in : ins) {
                        byte[] bytes = new byte[(int) in.byteSize()];
                        device.view(in.deviceAddress(), bytes.length).get(0, bytes);
                        snapshot.add(bytes);
                    }
                    for (SharedObject out : outs) {
                        ByteBuffer memory = device.view(out.deviceAddress(), (int) out.byteSize());
                        java.util.BitSet blocks = wroteBlocks.get(out);
                        for (int j = 0; j < memory.capacity(); j++) {
                            if (failing && j < memory.capacity() / 2) {
                                memory.put(j, (byte) 0x5A);
                            } else if (blocks.get(j / out.blockSize())) {
                                memory.put(j, kernelByte(memory.get(j), j, snapshot));
                            }
                        }
                    }
                    if (failing) {
                        throw new IllegalStateException("kernel fault: thread 3 out of bounds (test)");
                    }
                }

                @Override
                public boolean tracksDeviceWrites() {
                    return tracked;
                }

                @Override
                public java.util.BitSet writtenBlocks(SharedObject object) {
                    java.util.BitSet blocks = wroteBlocks.get(object);
                    return blocks == null ? new java.util.BitSet() : blocks;
                }
            };
            context.call(
                    wholeContext ? Reach.wholeContext() : Reach.of(reach),
                    annotate ? WriteScope.of(outs) : WriteScope.all(),
                    kernel);
            assertEquals(otherInFlight, other.kernelInFlight(), "a call of one context changed the other's call");
            if (failing) {
                failurePending.add(context);
            } else {
                List<byte[]> snapshot = new ArrayList<>();
                for (Obj in : inputs) {
                    snapshot.add(in.model.clone());
                }
                for (Obj out : outputs) {
                    java.util.BitSet blocks = wroteBlocks.get(out.object);
                    for (int j = 0; j < out.model.length; j++) {
                        if (blocks.get(j / out.object.blockSize())) {
                            out.model[j] = kernelByte(out.model[j], j, snapshot);
                        }
                    }
                }
            }
            if (random.nextBoolean()) {
                sync(context);
            }
        }

        private static byte kernelByte(byte old, int j, List<byte[]> inputs) {
            int value = old * 5 + 1;
            for (int k = 0; k < inputs.size(); k++) {
                byte[] in = inputs.get(k);
                value += in[(7 * j + k) % in.length];
            }
            return (byte) value;
        }

        private void sync() {
            sync(pickContext());
        }

        private void sync(ExecutionContext context) {
            if (failurePending.contains(context)) {
                explicitSyncExpectingFailure(context);
                return;
            }
            ExecutionContext other = context == contexts.get(0) ? contexts.get(1) : contexts.get(0);
            boolean otherInFlight = other.kernelInFlight();
            log("sync " + name(context));
            context.sync();
            assertEquals(otherInFlight, other.kernelInFlight(), "a sync of one context changed the other's call");
        }

        private void explicitSyncExpectingFailure(ExecutionContext context) {
            log("sync " + name(context) + " (expecting the kernel failure)");
            CoherenceException failure = assertThrows(CoherenceException.class, context::sync);
            assertEquals(CoherenceException.Kind.KERNEL_FAILED, failure.kind());
            assertEquals("kernel fault: thread 3 out of bounds (test)", failure.getMessage());
            failurePending.remove(context);
        }

        // ---- bulk operations (§4.4) ----

        private void memset() {
            Obj obj = pick();
            int offset = random.nextInt(obj.model.length);
            int length = random.nextInt(obj.model.length - offset + 1);
            int value = random.nextInt(256);
            log("memset #" + obj.object.id() + " [" + offset + ", +" + length + ") = " + value);
            manager.memset(obj.object, offset, value, length);
            java.util.Arrays.fill(obj.model, offset, offset + length, (byte) value);
            afterImplicitSync();
        }

        private void memcpy() {
            Obj dst = pick();
            Obj src = pick();
            int length = random.nextInt(Math.min(dst.model.length, src.model.length) + 1);
            int dstOffset = random.nextInt(dst.model.length - length + 1);
            int srcOffset = random.nextInt(src.model.length - length + 1);
            boolean overlap = dst == src && dstOffset < srcOffset + length && srcOffset < dstOffset + length;
            log("memcpy #" + dst.object.id() + "@" + dstOffset + " <- #" + src.object.id() + "@" + srcOffset + " "
                    + length + (overlap ? " (overlapping)" : ""));
            if (overlap) {
                CoherenceException e = assertThrows(
                        CoherenceException.class,
                        () -> manager.memcpy(dst.object, dstOffset, src.object, srcOffset, length));
                assertEquals(CoherenceException.Kind.OVERLAPPING_COPY, e.kind());
                return;
            }
            manager.memcpy(dst.object, dstOffset, src.object, srcOffset, length);
            System.arraycopy(src.model, srcOffset, dst.model, dstOffset, length);
            afterImplicitSync();
        }

        private void fileRead() throws IOException {
            Obj obj = pick();
            HostAccessor host = accessorOf(obj);
            int offset = random.nextInt(obj.model.length);
            int length = random.nextInt(obj.model.length - offset + 1);
            int position = random.nextInt(FILE_BYTES - length);
            log("readFrom file@" + position + " -> #" + obj.object.id() + " [" + offset + ", +" + length + ")");
            if (position == 0 && random.nextBoolean()) {
                host.readFrom(inputFile, offset, length);
            } else {
                input.position(position);
                host.readFrom(input, offset, length);
            }
            System.arraycopy(inputBytes, position, obj.model, offset, length);
            afterHostAccess(obj);
        }

        private void fileWrite() {
            Obj obj = pick();
            HostAccessor host = accessorOf(obj);
            int offset = random.nextInt(obj.model.length);
            int length = random.nextInt(obj.model.length - offset + 1);
            log("writeTo #" + obj.object.id() + " [" + offset + ", +" + length + ")");
            ByteArrayOutputStream sink = new ByteArrayOutputStream();
            host.writeTo(Channels.newChannel(sink), offset, length);
            assertArrayEquals(java.util.Arrays.copyOfRange(obj.model, offset, offset + length), sink.toByteArray());
            afterHostAccess(obj);
        }

        // ---- checks ----

        /** A host access to a kernel's object waits for the kernel: any failure is now pending. */
        private void afterHostAccess(Obj obj) {
            // nothing to model: the failure stays pending until an explicit sync
        }

        private void afterImplicitSync() {
            // frees and bulk operations wait for the kernel; a failure stays pending until an explicit sync
        }

        private void afterSyncPoint() {}

        private void verifyAll() {
            for (Obj obj : live) {
                HostAccessor host = accessorOf(obj);
                byte[] got = new byte[obj.model.length];
                for (int i = 0; i < got.length; i++) {
                    got[i] = host.getByte(i);
                }
                assertArrayEquals(
                        obj.model, got, () -> "host-visible bytes of #" + obj.object.id() + blocks(obj.object));
            }
        }

        private void checkInvariants() {
            TransferSnapshot stats = manager.stats();
            boolean onlyRuntimeProtocol = true;
            for (Obj obj : allObjects) {
                onlyRuntimeProtocol &= obj.object.protocol().kind() == protocol;
            }
            if (protocol == ProtocolKind.BATCH && onlyRuntimeProtocol) {
                assertEquals(0, stats.readFaults() + stats.writeFaults(), "batch-update never faults");
            }
            if (protocol != ProtocolKind.ROLLING && onlyRuntimeProtocol) {
                assertEquals(0, stats.evictions(), "only rolling-update evicts");
            }
            for (ExecutionContext context : contexts) {
                if (protocol == ProtocolKind.ROLLING && !context.kernelInFlight()) {
                    // While a kernel of the context runs, its eager evictions wait (the kernel may read any
                    // object it reaches).
                    RollingUpdate rolling = (RollingUpdate) context.protocol();
                    // The rolling size bounds the dirty queue's entries: blocks, and the units of a sequential write
                    // stream, which are that stream's blocks (decision 0118).
                    assertTrue(
                            rolling.dirtyUnits() <= rolling.rollingSize(),
                            "dirty blocks and units " + rolling.dirtyUnits() + " of " + name(context)
                                    + " exceed the rolling size " + rolling.rollingSize());
                }
            }
            for (Obj obj : live) {
                assertEquals(obj.owner, obj.object.owner(), "owner of #" + obj.object.id());
            }
        }

        /** A call with an empty kernel releases everything: then the accelerator copies equal the model. */
        private void finalRelease() {
            for (ExecutionContext context : contexts) {
                if (failurePending.contains(context)) {
                    explicitSyncExpectingFailure(context);
                }
                log("final release " + name(context));
                context.call(WriteScope.all(), () -> {});
                context.sync();
            }
            for (Obj obj : live) {
                byte[] onDevice = new byte[obj.model.length];
                device.view(obj.object.deviceAddress(), onDevice.length).get(0, onDevice);
                assertArrayEquals(obj.model, onDevice, "accelerator bytes of #" + obj.object.id() + " after a release");
            }
        }

        private static String blocks(SharedObject object) {
            StringBuilder text = new StringBuilder(" (blocks:");
            for (int b = 0; b < object.blockCount(); b++) {
                text.append(' ')
                        .append(b)
                        .append('=')
                        .append(object.state(b))
                        .append('/')
                        .append(object.describeRanges(b));
            }
            return text.append(')').toString();
        }

        private static String ids(List<Obj> objects) {
            StringBuilder text = new StringBuilder("[");
            for (Obj obj : objects) {
                text.append(text.length() > 1 ? "," : "").append('#').append(obj.object.id());
            }
            return text.append(']').toString();
        }
    }
}
