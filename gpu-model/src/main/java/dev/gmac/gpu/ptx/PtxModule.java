package dev.gmac.gpu.ptx;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * A loaded PTX module: its kernels and the lowered, ready-to-run program. Made by {@link
 * dev.gmac.gpu.SoftwareGpu#load(String)}, which also allocates the module's {@code .global} variables in that
 * device's memory, so a module belongs to the device that loaded it.
 */
public final class PtxModule {
    private final PtxAst.Module ast;
    private final Program program;
    private Program wide;
    private final List<KernelSignature> kernels;
    private final Object owner;

    private PtxModule(PtxAst.Module ast, Program program, Object owner) {
        this.ast = ast;
        this.program = program;
        this.owner = owner;
        List<KernelSignature> ks = new ArrayList<>();
        for (FunctionInfo f : program.functions()) {
            if (f.isEntry && f.signature != null) {
                ks.add(f.signature);
            }
        }
        this.kernels = Collections.unmodifiableList(ks);
    }

    /**
     * Parses, checks and lowers {@code ptxText}; {@code .global} variables are allocated and initialised through
     * {@code allocator} only once the whole module has been checked, so a module that fails allocates nothing.
     * For use by the device that owns the module. Loading is bounded by {@link PtxLimits}.
     *
     * @throws PtxSyntaxException when the text is not valid PTX (as ptxas would reject it)
     * @throws UnsupportedPtxException when it contains something the engine cannot run, exceeds one of {@link
     *     PtxLimits}, or has a variable the device cannot allocate
     */
    public static PtxModule load(String ptxText, GlobalVariableAllocator allocator, Object owner) {
        Loaded cached = DEVICE_FREE.get(ptxText);
        if (cached != null) {
            return new PtxModule(cached.ast, cached.program, owner);
        }
        boolean[] allocated = {false};
        Lowering.GlobalAllocator a = new Lowering.GlobalAllocator() {
            @Override
            public long allocate(String name, long bytes, int align) {
                allocated[0] = true;
                return allocator.allocate(name, bytes, align);
            }

            @Override
            public void write(long address, byte[] bytes) {
                allocator.write(address, bytes);
            }
        };
        PtxAst.Module ast = new PtxParser(ptxText).parse();
        Program program = Lowering.lower(ast, a, 32);
        if (!allocated[0]) {
            DEVICE_FREE.put(ptxText, new Loaded(ast, program));
        }
        return new PtxModule(ast, program, owner);
    }

    /** A parsed and lowered module that allocated nothing on its device. */
    private record Loaded(PtxAst.Module ast, Program program) {}

    /** Most modules {@link #DEVICE_FREE} keeps. */
    private static final int DEVICE_FREE_ENTRIES = 32;

    /**
     * The last {@value #DEVICE_FREE_ENTRIES} modules loaded without {@code .global} variables, by their text: their
     * lowered program does not depend on the device (no variable address is baked into the code), and it is
     * immutable once lowered, so every device that loads the same text again shares it instead of parsing and
     * lowering it again (decision 0403; a runtime per test case or per study configuration loads the same PTX
     * thousands of times).
     */
    private static final java.util.Map<String, Loaded> DEVICE_FREE =
            java.util.Collections.synchronizedMap(new java.util.LinkedHashMap<>(16, 0.75f, true) {
                private static final long serialVersionUID = 1L;

                @Override
                protected boolean removeEldestEntry(java.util.Map.Entry<String, Loaded> eldest) {
                    return size() > DEVICE_FREE_ENTRIES;
                }
            });

    /** Allocates module {@code .global} variables in a device's memory. */
    public interface GlobalVariableAllocator {
        /** Allocates {@code bytes} aligned to {@code align} and returns the device address. */
        long allocate(String name, long bytes, int align);

        /** Writes initial contents. */
        void write(long address, byte[] bytes);
    }

    /** The {@code .entry} functions, in file order. */
    public List<KernelSignature> kernels() {
        return kernels;
    }

    /** The kernel named {@code name}. */
    public Optional<KernelSignature> kernel(String name) {
        for (KernelSignature k : kernels) {
            if (k.name().equals(name)) {
                return Optional.of(k);
            }
        }
        return Optional.empty();
    }

    /** The lowered program (the executable form) for 32-lane warps. */
    public Program program() {
        return program;
    }

    /**
     * The program lowered for warps of {@code width} lanes (32 or 64): the same code with register operands laid
     * out for that width ({@link Program#registerStride()}). The 64-lane form is lowered on first use; the module's
     * {@code .global} variables keep the addresses they got at load.
     */
    public synchronized Program program(int width) {
        if (width == 32) {
            return program;
        }
        if (width != 64) {
            throw new IllegalArgumentException("warp width must be 32 or 64, got " + width);
        }
        if (wide == null) {
            java.util.Map<String, Long> addresses = program.globalAddresses();
            wide = Lowering.lower(
                    ast,
                    new Lowering.GlobalAllocator() {
                        @Override
                        public long allocate(String name, long bytes, int align) {
                            return addresses.get(name);
                        }

                        @Override
                        public void write(long address, byte[] bytes) {
                            // written when the module was loaded
                        }
                    },
                    64);
        }
        return wide;
    }

    /** The device that loaded this module. */
    public Object owner() {
        return owner;
    }
}
