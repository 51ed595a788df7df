package dev.gmac.api;

/** Device memory allocated by {@link CudaStyle#malloc}: valid on the accelerator only. */
public interface DeviceBuffer {
    /** The device address. */
    long address();

    long byteSize();
}
