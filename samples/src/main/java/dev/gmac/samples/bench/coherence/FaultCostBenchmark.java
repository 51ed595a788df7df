package dev.gmac.samples.bench.coherence;

import dev.gmac.coherence.CoherenceConfig;
import dev.gmac.coherence.ExecutionContext;
import dev.gmac.coherence.HostAccessor;
import dev.gmac.coherence.ProtocolKind;
import dev.gmac.coherence.SharedMemoryManager;
import dev.gmac.coherence.SharedObject;
import dev.gmac.coherence.WriteScope;
import dev.gmac.coherence.accel.InMemoryAccelerator;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The cost of one host fault, per protocol: each invocation touches 1024 units once (a unit is one 4 KiB
 * block under rolling-update, one 4 KiB object under lazy-update), each touch a fault; the score is per
 * fault. A per-invocation setup puts every unit back first (a flush for write faults: blocks read-only; a
 * call with an empty kernel for read faults: blocks invalid) and is not timed.
 *
 * <ul>
 *   <li>write: a write to a read-only unit (the RO -> DIRTY transition and a new window; no transfer);
 *   <li>read: a read of an invalid unit (the fetch of 4 KiB from the in-memory accelerator included).
 * </ul>
 *
 * <p>Batch-update never faults and is not measured. Rolling-update's rolling size is set high enough that
 * no eviction runs, to isolate the fault handler. The accelerator is the in-memory one (no simulated GPU).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class FaultCostBenchmark {
    static final int UNITS = 1024;
    static final int UNIT_BYTES = 4096;

    @Param({"lazy", "rolling"})
    public String protocol;

    @Param({"write", "read"})
    public String fault;

    SharedMemoryManager manager;
    ExecutionContext context;
    final List<HostAccessor> accessors = new ArrayList<>();
    boolean perObject;

    @Setup(Level.Trial)
    public void setUp() {
        ProtocolKind kind = ProtocolKind.parse(protocol);
        manager = new SharedMemoryManager(
                new InMemoryAccelerator(1L << 30, true),
                CoherenceConfig.defaults()
                        .withProtocol(kind)
                        .withBlockSize(UNIT_BYTES)
                        .withRollingIncrement(4 * UNITS));
        context = manager.newContext("fault-cost");
        perObject = kind == ProtocolKind.LAZY;
        if (perObject) {
            for (int i = 0; i < UNITS; i++) {
                accessors.add(manager.accessor(context.allocate(UNIT_BYTES)));
            }
        } else {
            SharedObject object = context.allocate((long) UNITS * UNIT_BYTES);
            accessors.add(manager.accessor(object));
        }
    }

    @Setup(Level.Invocation)
    public void reset() {
        if (fault.equals("write")) {
            context.flushDirty(); // dirty -> read-only
        } else {
            context.call(WriteScope.all(), () -> {}); // everything -> invalid
            context.sync();
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        manager.close();
    }

    @Benchmark
    @OperationsPerInvocation(UNITS)
    public float oneFault() {
        boolean write = fault.equals("write");
        float sink = 0;
        for (int unit = 0; unit < UNITS; unit++) {
            HostAccessor accessor = perObject ? accessors.get(unit) : accessors.get(0);
            long index = perObject ? 0 : (long) unit * (UNIT_BYTES / 4);
            if (write) {
                accessor.putFloat(index, unit);
            } else {
                sink += accessor.getFloat(index);
            }
        }
        return sink;
    }
}
