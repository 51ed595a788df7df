package dev.gmac.api;

import dev.gmac.coherence.CoherenceException;

/** Maps the coherence module's errors to {@link AdsmException}s with the same message. */
final class AdsmErrors {
    private AdsmErrors() {}

    static AdsmException from(CoherenceException e) {
        AdsmException.Reason reason =
                switch (e.kind()) {
                    case INVALID_SIZE -> AdsmException.Reason.INVALID_SIZE;
                    case OUT_OF_MEMORY -> AdsmException.Reason.OUT_OF_MEMORY;
                    case DOUBLE_FREE -> AdsmException.Reason.DOUBLE_FREE;
                    case USE_AFTER_FREE -> AdsmException.Reason.USE_AFTER_FREE;
                    case FOREIGN_OBJECT -> AdsmException.Reason.FOREIGN_BUFFER;
                    case ACCESS_DURING_KERNEL -> AdsmException.Reason.ACCESS_DURING_KERNEL;
                    case KERNEL_FAILED -> AdsmException.Reason.KERNEL_FAULT;
                    case TRANSFER_FAILED -> AdsmException.Reason.TRANSFER_FAILED;
                    case OVERLAPPING_COPY -> AdsmException.Reason.OVERLAPPING_COPY;
                    case OUT_OF_RANGE -> AdsmException.Reason.OUT_OF_RANGE;
                    case CLOSED -> AdsmException.Reason.CLOSED;
                    case OTHER_CONTEXT -> AdsmException.Reason.OTHER_CONTEXT;
                };
        return new AdsmException(reason, e.getMessage(), e.getCause() != null ? e.getCause() : e);
    }
}
