package dev.gmac.api;

import dev.gmac.coherence.accel.Accelerator;
import dev.gmac.coherence.accel.AcceleratorException;
import dev.gmac.gpu.DeviceMemoryException;
import dev.gmac.gpu.SoftwareGpu;
import dev.gmac.gpu.alloc.DirectArena;
import java.nio.ByteBuffer;

/**
 * Adapts the software GPU's device memory to the coherence module's accelerator SPI (the "Accelerator
 * Abstraction Layer" of ADSM paper §4.1). Device memory errors become {@link AcceleratorException}s with the
 * GPU's message; the GPU's allocations are zero-filled. Host copies come from the same {@link DirectArena} as
 * device memory, so both return at {@code adsmFree}.
 */
public final class SoftwareGpuAccelerator implements Accelerator {
    private final SoftwareGpu gpu;

    public SoftwareGpuAccelerator(SoftwareGpu gpu) {
        this.gpu = gpu;
    }

    public SoftwareGpu gpu() {
        return gpu;
    }

    @Override
    public String name() {
        return "software GPU";
    }

    @Override
    public boolean zeroesAllocations() {
        return true;
    }

    @Override
    public long allocate(long bytes) {
        try {
            return gpu.malloc(bytes);
        } catch (DeviceMemoryException e) {
            String message = e.getMessage();
            boolean outOfMemory = message != null && message.contains("out of device");
            throw new AcceleratorException(
                    outOfMemory ? AcceleratorException.Kind.OUT_OF_MEMORY : AcceleratorException.Kind.OTHER,
                    message,
                    e);
        }
    }

    /** Host copies come from the process's {@link DirectArena}, like device memory: freed means reusable now. */
    @Override
    public ByteBuffer allocateHost(int bytes) {
        return DirectArena.shared().allocate(bytes);
    }

    @Override
    public void freeHost(ByteBuffer buffer) {
        DirectArena.shared().release(buffer);
    }

    @Override
    public void free(long deviceAddress) {
        try {
            gpu.free(deviceAddress);
        } catch (DeviceMemoryException e) {
            throw badAddress(e);
        }
    }

    @Override
    public void copyToDevice(long deviceAddress, ByteBuffer src) {
        try {
            gpu.copyToDevice(deviceAddress, src);
        } catch (DeviceMemoryException e) {
            throw badAddress(e);
        }
    }

    @Override
    public void copyToHost(long deviceAddress, ByteBuffer dst) {
        try {
            gpu.copyFromDevice(deviceAddress, dst);
        } catch (DeviceMemoryException e) {
            throw badAddress(e);
        }
    }

    @Override
    public void copyDeviceToDevice(long dstAddress, long srcAddress, long bytes) {
        try {
            gpu.copyDeviceToDevice(dstAddress, srcAddress, bytes);
        } catch (DeviceMemoryException e) {
            throw badAddress(e);
        }
    }

    @Override
    public void memset(long deviceAddress, int byteValue, long bytes) {
        try {
            gpu.memset(deviceAddress, byteValue, bytes);
        } catch (DeviceMemoryException e) {
            throw badAddress(e);
        }
    }

    private static AcceleratorException badAddress(DeviceMemoryException e) {
        return new AcceleratorException(AcceleratorException.Kind.BAD_ADDRESS, e.getMessage(), e);
    }
}
