package dev.gmac.channels;

/**
 * Receives one dispatched channel element: the consumer's side of Table 1 of Orr et al. (ISCA 2014, §4.1)
 * after {@code deq}. {@code position} is the element's byte position in {@link Channel#region()}; the
 * element stays valid until the handler returns.
 */
@FunctionalInterface
public interface ElementHandler {
    void onElement(Channel channel, int position);
}
