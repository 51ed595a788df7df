package dev.gmac.gpu.timing.mem;

import dev.gmac.gpu.timing.event.Event;
import dev.gmac.gpu.timing.stats.FlitClass;

/**
 * One memory transaction moving through the memory system: a line read, a write of some bytes of a line, or
 * the atomic operations of one warp on one line. It is its own {@link Event}: each hop (crossbar, partition,
 * DRAM, reply) reschedules it, so a transaction costs no allocation beyond taking it from the {@link
 * MemorySystem}'s pool.
 *
 * <p>Fields are set by whoever sends the request and read by the components it visits. {@link #tag} and
 * {@link #fill} belong to the sending core, which interprets them when the reply comes back.
 */
public final class MemoryRequest extends Event {
    /** What the transaction does. */
    public enum Kind {
        /** Read one line; the reply carries the line. */
        READ,
        /** Write {@link #bytes} bytes of one line; no reply. */
        WRITE,
        /** {@link #ops} lane atomics on one line, performed by the partition's atomic unit; reply carries results. */
        ATOMIC,
        /**
         * A message of the transactional-memory protocol between a core and a commit unit ({@link #bytes} of
         * payload after the control bytes), delivered to {@link #handler}; never touches L2.
         */
        MESSAGE
    }

    /** Receives a message, or the completion of a commit unit's own L2 access (Fung thesis §4.2.5). */
    @FunctionalInterface
    public interface Handler {
        /** {@code request} arrived (or completed) at tick {@code tick}; the handler releases it. */
        void handle(MemoryRequest request, long tick);
    }

    /** Where the reply goes in the core. */
    public enum Fill {
        /** Nowhere: the data goes straight to the registers. */
        NONE,
        /** Fill the L1 data cache and wake the accesses merged in its MSHR. */
        L1,
        /** Fill the constant cache and wake the accesses merged in its MSHR. */
        CONSTANT
    }

    static final int STAGE_REQUEST_EJECT = 1;
    static final int STAGE_PARTITION = 2;
    static final int STAGE_DRAM_QUEUE = 3;
    static final int STAGE_DRAM_DONE = 4;
    static final int STAGE_REPLY_INJECT = 5;
    static final int STAGE_REPLY_EJECT = 6;
    static final int STAGE_CORE = 7;
    static final int STAGE_LOCAL_DONE = 8;

    private final MemorySystem system;

    Kind kind = Kind.READ;
    int stage;
    int partition;
    int flits;

    /** Line-aligned byte address (after local-memory mapping). */
    public long address;
    /** Payload bytes: data written (WRITE), results returned (ATOMIC); READ replies carry a line. */
    public int bytes;
    /** Lane operations of an ATOMIC. */
    public int ops;
    /** The core that sent the request. */
    public int core;
    /** Where the reply fills in the core. */
    public Fill fill = Fill.NONE;
    /** The sender's completion record (e.g. the warp instruction waiting for this segment). */
    public Object tag;
    /** Intrusive link: MSHR waiter chains. */
    public MemoryRequest next;
    /** What the flits carry (null: derived from the kind and the address). */
    public FlitClass flitClass;
    /** Receives a MESSAGE, or a commit unit's own L2 access when it completes. */
    public Handler handler;
    /** A commit unit's access to its partition's L2 (no crossbar; completion goes to {@link #handler}). */
    public boolean local;
    /** Set by the partition: the READ hit in L2 (or merged with a pending miss). */
    public boolean hit;

    MemoryRequest(MemorySystem system) {
        this.system = system;
    }

    /** The transaction kind. */
    public Kind kind() {
        return kind;
    }

    /** Sets the transaction kind. */
    public MemoryRequest kind(Kind k) {
        this.kind = k;
        return this;
    }

    void clear() {
        kind = Kind.READ;
        stage = 0;
        partition = 0;
        flits = 0;
        address = 0;
        bytes = 0;
        ops = 0;
        core = 0;
        fill = Fill.NONE;
        tag = null;
        next = null;
        flitClass = null;
        handler = null;
        local = false;
        hit = false;
    }

    /** The partition the request goes to or comes from. */
    public int partition() {
        return partition;
    }

    /** Sets the partition of a MESSAGE or a commit unit's access (others derive it from the address). */
    public MemoryRequest partition(int p) {
        this.partition = p;
        return this;
    }

    @Override
    public void fire(long now) {
        system.handle(this, now);
    }
}
