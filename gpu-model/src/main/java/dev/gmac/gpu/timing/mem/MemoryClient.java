package dev.gmac.gpu.timing.mem;

/** A core's side of the memory system: receives the replies to the reads and atomics it sent. */
public interface MemoryClient {
    /**
     * The reply to {@code request} has arrived at the core at tick {@code tick}. The client owns the request
     * from now on and must return it with {@link MemorySystem#release}.
     */
    void onReply(MemoryRequest request, long tick);
}
