package dev.gmac.channels;

/**
 * A producer could not reserve elements in a channel within the time it was willing to wait. {@link
 * Channel#talloc} itself never throws this (it returns {@link Channel#FULL}); helpers that wait for space,
 * such as the graph executors, do. The message names the channel, the request and what to change.
 */
public class ChannelFullException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ChannelFullException(String message) {
        super(message);
    }
}
