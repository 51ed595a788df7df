package dev.gmac.gpu.ptx;

import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * A lowered PTX module: one code array for all its functions, the functions (each kernel with its own static
 * shared-memory size and dynamic-area offset, {@link FunctionInfo#staticSharedBytes}, laid out by {@link
 * SharedLayout}), and the constant bank with its initial contents. Module {@code .global} variables were allocated in device memory
 * when the module was loaded; their addresses are already in the code.
 */
public final class Program {
    private final Insn[] code;
    private final List<FunctionInfo> functions;
    private final Map<String, FunctionInfo> byName;
    private final byte[] constBank;
    private final Map<String, Long> globalAddresses;
    private final int registerStride;

    Program(
            Insn[] code,
            List<FunctionInfo> functions,
            Map<String, FunctionInfo> byName,
            byte[] constBank,
            Map<String, Long> globalAddresses,
            int registerStride) {
        this.code = code;
        this.functions = List.copyOf(functions);
        this.byName = Map.copyOf(byName);
        this.constBank = constBank;
        this.globalAddresses = Collections.unmodifiableMap(globalAddresses);
        this.registerStride = registerStride;
    }

    /**
     * The warp width this code was lowered for: register operands hold {@code slot * registerStride()}, the index of
     * lane 0 of the register in a warp's flat register file, so a warp of that width uses every element.
     */
    public int registerStride() {
        return registerStride;
    }

    /** The code of every function; index = PC. Do not modify. */
    public Insn[] code() {
        return code;
    }

    /** Functions in file order. */
    public List<FunctionInfo> functions() {
        return functions;
    }

    /** The function named {@code name}, or null. */
    public FunctionInfo function(String name) {
        return byName.get(name);
    }

    /** The constant bank (read-only by convention). */
    public byte[] constBank() {
        return constBank;
    }

    /**
     * True when {@code kernel} or a device function it may call contains {@code tx.begin} or {@code tx.commit}.
     */
    public boolean usesTransactions(FunctionInfo kernel) {
        java.util.BitSet seen = new java.util.BitSet();
        java.util.ArrayDeque<FunctionInfo> todo = new java.util.ArrayDeque<>();
        todo.add(kernel);
        seen.set(kernel.index);
        while (!todo.isEmpty()) {
            FunctionInfo f = todo.poll();
            for (int pc = f.entryPc; pc <= f.exitPc && pc < code.length; pc++) {
                Insn in = code[pc];
                if (in.op == Op.TX_BEGIN || in.op == Op.TX_COMMIT) {
                    return true;
                }
                if (in.op == Op.CALL && in.callee >= 0 && !seen.get(in.callee)) {
                    seen.set(in.callee);
                    todo.add(functions.get(in.callee));
                }
            }
        }
        return false;
    }

    /** Device addresses of the module's {@code .global} variables. */
    public Map<String, Long> globalAddresses() {
        return globalAddresses;
    }
}
