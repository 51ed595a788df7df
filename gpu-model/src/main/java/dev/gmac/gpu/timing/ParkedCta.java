package dev.gmac.gpu.timing;

/**
 * A CTA whose wavefront yielded (Orr et al., ISCA 2014, §6) and left its hardware context: where it waits, its
 * functional state ({@link WarpExecutor#parkCta}) and where its context was saved.
 *
 * @param core     the core it must be restarted on (its local data share stays reserved there)
 * @param kernel   its kernel
 * @param ctaId    its CTA id
 * @param state    the functional model's parked state
 * @param saveArea the device address of its saved context
 * @param bytes    the bytes of its saved context (written at the yield, read back at the restart)
 */
public record ParkedCta(int core, TimedKernel kernel, int ctaId, Object state, long saveArea, int bytes) {}
