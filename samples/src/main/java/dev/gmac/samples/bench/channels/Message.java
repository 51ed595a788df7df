package dev.gmac.samples.bench.channels;

/** A 16-byte payload (two longs): what every queue in the channel benchmarks carries per element. */
final class Message {
    long value;
    long check;

    Message() {}

    Message(long value, long check) {
        this.value = value;
        this.check = check;
    }
}
