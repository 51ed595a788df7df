package dev.gmac.gpu.timing.mem;

/**
 * One direction of the core-memory interconnect: a crossbar whose every input and output port moves one flit
 * per interconnect cycle, with a fixed crossing latency (Fung thesis Tables 4.4 and 6.1: one crossbar per
 * direction, 32-byte flits, 5-cycle latency; cores in a cluster share a port). Packets cut through: the head
 * reaches the output {@code latency} after leaving the input, and the packet is delivered once its last flit has
 * left the output port. Each port serves packets in the order they reach it.
 *
 * <p>Two calls per packet, made at the times they happen: {@link #inject} when the packet enters its input
 * port, {@link #eject} when its head reaches the output port.
 */
public final class Crossbar {
    private final long[] inputFree;
    private final long[] outputFree;
    private final long flitTicks;
    private final long latencyTicks;
    private final int flitBytes;

    /**
     * @param inputs       input ports
     * @param outputs      output ports
     * @param flitBytes    bytes per flit
     * @param flitTicks    ticks per interconnect cycle
     * @param latencyTicks ticks for a flit to cross
     */
    public Crossbar(int inputs, int outputs, int flitBytes, long flitTicks, long latencyTicks) {
        this.inputFree = new long[inputs];
        this.outputFree = new long[outputs];
        this.flitBytes = flitBytes;
        this.flitTicks = flitTicks;
        this.latencyTicks = latencyTicks;
    }

    /** Flits a packet of {@code bytes} takes (at least one). */
    public int flits(int bytes) {
        return Math.max(1, (bytes + flitBytes - 1) / flitBytes);
    }

    /**
     * A packet of {@code flits} enters input {@code input} at tick {@code now} (or when the port frees).
     *
     * @return the tick its head reaches the output side
     */
    public long inject(int input, int flits, long now) {
        long start = Math.max(now, inputFree[input]);
        inputFree[input] = start + flits * flitTicks;
        return start + latencyTicks;
    }

    /**
     * The head of a packet of {@code flits} reaches output {@code output} at tick {@code now}.
     *
     * @return the tick the whole packet has been delivered
     */
    public long eject(int output, int flits, long now) {
        long start = Math.max(now, outputFree[output]);
        long done = start + flits * flitTicks;
        outputFree[output] = done;
        return done;
    }
}
