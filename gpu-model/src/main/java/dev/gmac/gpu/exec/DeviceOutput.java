package dev.gmac.gpu.exec;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * What one launch printed with device {@code printf}, in execution order, bounded like CUDA's {@code printf} FIFO
 * ({@link dev.gmac.gpu.GpuConfig#printfBufferBytes()}): a record (one {@code printf} call of one thread) that does
 * not fit is dropped with every later one, and the text ends with a note saying so. Confined to the launch's
 * thread.
 */
final class DeviceOutput {
    private final int limit;
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private boolean truncated;

    DeviceOutput(int limit) {
        this.limit = limit;
    }

    /** Appends the output of one {@code printf} call, unless the buffer is full. */
    void append(byte[] record) {
        if (truncated) {
            return;
        }
        if ((long) bytes.size() + record.length > limit) {
            truncated = true;
            return;
        }
        bytes.writeBytes(record);
    }

    /** The output so far as text (UTF-8), with the note when records were dropped; {@code ""} for none. */
    String text() {
        String text = bytes.toString(StandardCharsets.UTF_8);
        if (!truncated) {
            return text;
        }
        return text + (text.isEmpty() || text.endsWith("\n") ? "" : "\n") + "[gmac: device printf output beyond "
                + limit + " bytes was dropped; raise gmac.gpu.printfSize (GpuConfig.printfBufferBytes)]\n";
    }
}
