package dev.gmac.gpu.exec;

import dev.gmac.gpu.FaultKind;
import dev.gmac.gpu.KernelFaultException;
import dev.gmac.gpu.ptx.Insn;
import dev.gmac.gpu.ptx.StateSpace;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The memory port of one launch: every access a warp instruction makes (global, shared, local, constant and
 * parameter loads and stores, atomics, and barrier arrival) goes through it, with its bounds and alignment checks
 * and its faults. Accesses by lanes inside a transaction are handed to the launch's {@link TmModel} instead
 * ({@link #txLoad}, {@link #txStore}, {@link #txAtomic}), which may log, buffer, detect conflicts and abort; the
 * TM model reaches memory through the direct methods of this port. (Fung thesis §4.2: Kilo TM intercepts the
 * global accesses of transactions in the core's log unit.)
 *
 * <p>Speed: the global-memory path caches the allocation last touched ({@link #gseg}, {@link #gbase}, {@link
 * #glimit}), so an access inside it is one subtraction and one compare; the interpreter's hot instructions call
 * {@link #gofs} and read {@link #gseg} directly. Shared memory is the CTA's byte array, local memory the warp's.
 *
 * <p>Threading: confined to the launch's thread. Global loads and stores are plain accesses to the device's direct
 * buffers; atomics use VarHandle compare-and-set, so they are atomic with respect to host threads and other
 * launches using VarHandles on the same memory.
 */
public final class MemoryPort {
    static final long M32 = 0xFFFFFFFFL;
    static final VarHandle A16 = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle A32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle A64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final KernelLaunch launch;
    private final GlobalMemory gmem;
    private final byte[] constBank;
    private final byte[] params;
    private ByteBuffer[] gsegs;
    /** The first address of the device's range ({@link GlobalMemory#base()}). */
    private final long gmemBase;
    /** The allocation of the last global access. */
    ByteBuffer gseg;
    /** Device address of {@link #gseg}'s first byte. */
    long gbase;
    /** Size of {@link #gseg} (-1 before the first access). */
    int glimit = -1;
    /** Whether a store to {@link #gseg} must take the slow path (the launch's {@link dev.gmac.gpu.LaunchGuard}). */
    boolean greadOnly;

    MemoryPort(KernelLaunch launch) {
        this.launch = launch;
        this.gmem = launch.memory;
        this.constBank = launch.program.constBank();
        this.params = launch.paramBuffer;
        this.gsegs = gmem.segments();
        this.gmemBase = gmem.base();
    }

    KernelFaultException fault(Warp w, Insn in, int lane, long address, FaultKind kind, String reason) {
        return launch.fault(w, in, lane, address, kind, reason);
    }

    // ------------------------------------------------------------------ global

    /** The offset of {@code addr} in {@link #gseg} (made current), after bounds and alignment checks. */
    int gofs(long addr, int size, Insn in, Warp w, int lane) {
        long o = addr - gbase;
        if (o >= 0 && o <= glimit - size && (addr & (size - 1)) == 0 && !(greadOnly && isWrite(in))) {
            return (int) o;
        }
        return gslow(addr, size, in, w, lane);
    }

    private static boolean isWrite(Insn in) {
        int op = in.op;
        return op == dev.gmac.gpu.ptx.Op.ST
                || op == dev.gmac.gpu.ptx.Op.ST_GLOBAL_32
                || op == dev.gmac.gpu.ptx.Op.ST_GLOBAL_64
                || op == dev.gmac.gpu.ptx.Op.ATOM;
    }

    private int gslow(long addr, int size, Insn in, Warp w, int lane) {
        if ((addr & (size - 1)) != 0) {
            throw fault(
                    w,
                    in,
                    lane,
                    addr,
                    FaultKind.MISALIGNED,
                    size + "-byte global access at an address that is not " + size + "-byte aligned");
        }
        long rel = addr - gmemBase;
        ByteBuffer[] segs = gsegs;
        long slot = rel >>> GlobalMemory.SLOT_SHIFT;
        if (rel < 0 || slot >= segs.length || segs[(int) slot] == null) {
            segs = gsegs = gmem.segments(); // an allocation made after this launch started
            if (rel < 0 || slot >= segs.length || segs[(int) slot] == null) {
                throw outOfBounds(addr, size, in, w, lane);
            }
        }
        ByteBuffer bb = segs[(int) slot];
        long o = rel & ((1L << GlobalMemory.SLOT_SHIFT) - 1);
        if (o > bb.capacity() - size) {
            throw outOfBounds(addr, size, in, w, lane);
        }
        gseg = bb;
        gbase = addr - o;
        glimit = -1;
        if (launch.guard != null) {
            try {
                greadOnly = !launch.guard.admit((int) slot, addr - o, o, size, isWrite(in));
            } catch (dev.gmac.gpu.LaunchGuard.Denied denied) {
                throw fault(w, in, lane, addr, FaultKind.OUTSIDE_REACH, denied.getMessage());
            }
        }
        glimit = bb.capacity();
        return (int) o;
    }

    /** A global access outside every allocation: the message names the nearest one and the signed offset. */
    private KernelFaultException outOfBounds(long addr, int size, Insn in, Warp w, int lane) {
        String where = gmem.describe(addr, size);
        String hint = launch.runtime().nullHint(addr);
        return fault(
                w,
                in,
                lane,
                addr,
                FaultKind.OUT_OF_BOUNDS,
                "global access of " + size + " bytes, " + where + (hint == null ? "" : "; " + hint));
    }

    // ------------------------------------------------------------------ shared, local

    int sofs(long addr, int size, Cta cta, Insn in, Warp w, int lane) {
        if (addr < 0 || addr > cta.sharedSize - size) {
            throw fault(
                    w,
                    in,
                    lane,
                    addr,
                    FaultKind.OUT_OF_BOUNDS,
                    "shared access of " + size + " bytes outside the CTA's " + cta.sharedSize
                            + " bytes of shared memory");
        }
        if ((addr & (size - 1)) != 0) {
            throw fault(w, in, lane, addr, FaultKind.MISALIGNED, size + "-byte shared access at an unaligned address");
        }
        return (int) addr;
    }

    int lofs(long addr, int size, Warp w, Insn in, int lane) {
        if (addr < 0 || addr > w.localStride - size) {
            throw fault(
                    w,
                    in,
                    lane,
                    addr,
                    FaultKind.OUT_OF_BOUNDS,
                    "local access of " + size + " bytes outside the thread's " + w.localStride
                            + " bytes of local memory");
        }
        if ((addr & (size - 1)) != 0) {
            throw fault(w, in, lane, addr, FaultKind.MISALIGNED, size + "-byte local access at an unaligned address");
        }
        return lane * w.localStride + (int) addr;
    }

    static long getArr(byte[] a, int i, int size) {
        switch (size) {
            case 1:
                return a[i] & 0xFFL;
            case 2:
                return ((short) A16.get(a, i)) & 0xFFFFL;
            case 4:
                return ((int) A32.get(a, i)) & M32;
            default:
                return (long) A64.get(a, i);
        }
    }

    static void setArr(byte[] a, int i, int size, long v) {
        switch (size) {
            case 1:
                a[i] = (byte) v;
                break;
            case 2:
                A16.set(a, i, (short) v);
                break;
            case 4:
                A32.set(a, i, (int) v);
                break;
            default:
                A64.set(a, i, v);
        }
    }

    static long getBuf(ByteBuffer b, int i, int size) {
        switch (size) {
            case 1:
                return b.get(i) & 0xFFL;
            case 2:
                return ((short) GlobalMemory.I16.get(b, i)) & 0xFFFFL;
            case 4:
                return ((int) GlobalMemory.I32.get(b, i)) & M32;
            default:
                return (long) GlobalMemory.I64.get(b, i);
        }
    }

    static void setBuf(ByteBuffer b, int i, int size, long v) {
        switch (size) {
            case 1:
                b.put(i, (byte) v);
                break;
            case 2:
                GlobalMemory.I16.set(b, i, (short) v);
                break;
            case 4:
                GlobalMemory.I32.set(b, i, (int) v);
                break;
            default:
                GlobalMemory.I64.set(b, i, v);
        }
    }

    /** The state space a generic address falls in, or a fault. */
    int genericSpace(long addr, Warp w, Insn in, int lane) {
        int s = StateSpace.spaceOfGeneric(addr);
        if (s < 0) {
            throw fault(
                    w,
                    in,
                    lane,
                    addr,
                    FaultKind.OUT_OF_BOUNDS,
                    "generic address maps to no memory space" + (addr == 0 ? " (null pointer)" : "") + nullHint(addr));
        }
        return s;
    }

    private String nullHint(long addr) {
        String hint = launch.runtime().nullHint(addr);
        return hint == null ? "" : "; " + hint;
    }

    /** The space-relative address of a generic address in space {@code s}. */
    static long resolve(int s, long addr) {
        return s == StateSpace.GLOBAL ? addr : addr - StateSpace.window(s);
    }

    // ------------------------------------------------------------------ direct accesses

    /** Loads {@code size} bytes (zero-extended) from {@code space} at {@code addr} for {@code lane}. */
    public long load(Warp w, Insn in, int space, long addr, int size, int lane) {
        switch (space) {
            case StateSpace.GLOBAL: {
                int o = gofs(addr, size, in, w, lane);
                return getBuf(gseg, o, size);
            }
            case StateSpace.SHARED:
                return getArr(w.cta.shared, sofs(addr, size, w.cta, in, w, lane), size);
            case StateSpace.LOCAL:
                return getArr(w.local, lofs(addr, size, w, in, lane), size);
            case StateSpace.CONST:
                if (addr < 0 || addr > constBank.length - size) {
                    throw fault(
                            w,
                            in,
                            lane,
                            addr,
                            FaultKind.OUT_OF_BOUNDS,
                            "constant access outside the module's " + constBank.length + "-byte constant bank");
                }
                if ((addr & (size - 1)) != 0) {
                    throw fault(w, in, lane, addr, FaultKind.MISALIGNED, "unaligned constant access");
                }
                return getArr(constBank, (int) addr, size);
            case StateSpace.PARAM:
                if (addr < 0 || addr > params.length - size) {
                    throw fault(
                            w,
                            in,
                            lane,
                            addr,
                            FaultKind.OUT_OF_BOUNDS,
                            "parameter access outside the kernel's " + params.length + "-byte parameter buffer");
                }
                return getArr(params, (int) addr, size);
            default: {
                int s = genericSpace(addr, w, in, lane);
                return load(w, in, s, resolve(s, addr), size, lane);
            }
        }
    }

    /** Stores the low {@code size} bytes of {@code v} to {@code space} at {@code addr} for {@code lane}. */
    public void store(Warp w, Insn in, int space, long addr, int size, int lane, long v) {
        switch (space) {
            case StateSpace.GLOBAL: {
                int o = gofs(addr, size, in, w, lane);
                setBuf(gseg, o, size, v);
                return;
            }
            case StateSpace.SHARED:
                setArr(w.cta.shared, sofs(addr, size, w.cta, in, w, lane), size, v);
                return;
            case StateSpace.LOCAL:
                setArr(w.local, lofs(addr, size, w, in, lane), size, v);
                return;
            case StateSpace.CONST:
            case StateSpace.PARAM:
                throw fault(
                        w,
                        in,
                        lane,
                        addr,
                        FaultKind.INVALID_INSTRUCTION,
                        "store to the read-only " + StateSpace.name(space) + " space through a generic address");
            default: {
                int s = genericSpace(addr, w, in, lane);
                store(w, in, s, resolve(s, addr), size, lane, v);
            }
        }
    }

    /**
     * An atomic read-modify-write of {@code in.width} bytes in global or shared memory ({@code space} already
     * resolved); returns the old value. Progress is reported to the launch when memory changed.
     */
    public long atomic(Warp w, Insn in, int space, long a, int lane, long b, long c) {
        int width = in.width;
        if (space == StateSpace.GLOBAL) {
            int o = gofs(a, width, in, w, lane);
            ByteBuffer bb = gseg;
            if (width == 4) {
                while (true) {
                    int cur = (int) GlobalMemory.I32.getVolatile(bb, o);
                    int nv = (int) AtomicOps.apply(in, cur & M32, b, c);
                    if (cur == nv || GlobalMemory.I32.compareAndSet(bb, o, cur, nv)) {
                        if (cur != nv) {
                            launch.progress();
                        }
                        return cur & M32;
                    }
                }
            }
            while (true) {
                long cur = (long) GlobalMemory.I64.getVolatile(bb, o);
                long nv = AtomicOps.apply(in, cur, b, c);
                if (cur == nv || GlobalMemory.I64.compareAndSet(bb, o, cur, nv)) {
                    if (cur != nv) {
                        launch.progress();
                    }
                    return cur;
                }
            }
        }
        Cta cta = w.cta;
        int o = sofs(a, width, cta, in, w, lane);
        long cur = getArr(cta.shared, o, width);
        long nv = AtomicOps.apply(in, cur, b, c);
        if (width == 4 ? (int) nv != (int) cur : nv != cur) {
            setArr(cta.shared, o, width, nv);
            launch.progress();
        }
        return cur;
    }

    // ------------------------------------------------------------------ transactional accesses

    /** A load by a lane inside {@code scope}'s transaction: the TM model decides what it sees. */
    long txLoad(TxScope scope, Warp w, Insn in, int space, long addr, int size, int lane) {
        if (space == StateSpace.GENERIC) {
            int s = genericSpace(addr, w, in, lane);
            return launch.tm().load(scope, w, lane, in, s, resolve(s, addr), size);
        }
        return launch.tm().load(scope, w, lane, in, space, addr, size);
    }

    /** A store by a lane inside {@code scope}'s transaction. */
    void txStore(TxScope scope, Warp w, Insn in, int space, long addr, int size, int lane, long v) {
        if (space == StateSpace.GENERIC) {
            int s = genericSpace(addr, w, in, lane);
            launch.tm().store(scope, w, lane, in, s, resolve(s, addr), size, v);
            return;
        }
        launch.tm().store(scope, w, lane, in, space, addr, size, v);
    }

    /** An atomic by a lane inside {@code scope}'s transaction ({@code space} resolved). */
    long txAtomic(TxScope scope, Warp w, Insn in, int space, long a, int lane, long b, long c) {
        return launch.tm().atomic(scope, w, lane, in, space, a, b, c);
    }
}
