package dev.gmac.samples.localtm;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * One workload of the GPU-LocalTM study (Villegas et al., "GPU-LocalTM: A Lightweight Transactional Memory for GPU
 * Local Memory", Euro-Par 2016 Workshops, §5 and Table 2): our own CUDA kernels in {@code
 * gpu-model/src/main/cuda/localtm_NAME.cu}, compiled to the resource {@code /ptx/localtm_NAME.ptx}, in versions
 * named {@code PREFIX_tm}, {@code PREFIX_serial}, {@code PREFIX_fgl} and, where the critical section allows it,
 * {@code PREFIX_atomic}. Every kernel takes its inputs then an output buffer of {@link Setup#outWords()} ints per
 * work-group, where it copies the work-group's shared data at the end; the TM kernel's dynamic shared memory is
 * exactly those words ({@link Setup#sharedBytes()} is {@code 4 * outWords}), so the output is the shared memory the
 * serial replay of its committed transactions must end with.
 */
public interface LocalTmWorkload {
    /** The paper's two-letter name ({@code HT}, {@code IT}, ...). */
    String name();

    /** What it is, in a few words. */
    String title();

    /** The PTX module's base name ({@code localtm_ht}); the kernels are {@code PREFIX_VERSION}. */
    String module();

    /** The kernels' prefix ({@code ht}). */
    String prefix();

    /** The versions it has: every one, unless its critical section cannot be written with atomics. */
    default Set<Version> versions() {
        return EnumSet.allOf(Version.class);
    }

    /** The launch of every version at {@code contention} on {@code groups} work-groups of 256 work-items. */
    Setup setup(Contention contention, int groups);

    /** The kernel of {@code version}. */
    default String kernel(Version version) {
        switch (version) {
            case SERIAL:
                return prefix() + "_serial";
            case ATOMIC:
                return prefix() + "_atomic";
            case FGL:
                return prefix() + "_fgl";
            default:
                return prefix() + "_tm";
        }
    }

    /** A kernel argument: a buffer uploaded before the launch, or a 32-bit scalar. */
    sealed interface Arg permits Buffer, Scalar {}

    /** An input buffer of ints. */
    record Buffer(int[] values) implements Arg {}

    /** A 32-bit integer scalar. */
    record Scalar(int value) implements Arg {}

    /** Compares one work-group's output of a version with the serialised version's. */
    @FunctionalInterface
    interface Check {
        /** Null when {@code out}, {@code version}'s output, agrees with {@code serial}, else what differs. */
        String compare(Version version, int[] serial, int[] out);

        /** Word-for-word equality. */
        static Check exact() {
            return canonical(UnaryOperator.identity());
        }

        /** Equality after {@code canonical} (say, each bucket's keys sorted where slot order is the schedule's). */
        static Check canonical(UnaryOperator<int[]> canonical) {
            return (version, serial, out) -> {
                int[] a = canonical.apply(serial.clone());
                int[] b = canonical.apply(out.clone());
                if (Arrays.equals(a, b)) {
                    return null;
                }
                int i = Arrays.mismatch(a, b);
                return "word " + i + " is " + (i < b.length ? b[i] : "missing") + ", the serialised version's "
                        + (i < a.length ? a[i] : "missing");
            };
        }
    }

    /**
     * Everything a launch of the workload needs.
     *
     * @param inputs            the kernel arguments before the output buffer
     * @param outWords          ints of output per work-group
     * @param sharedBytes       dynamic shared memory of the TM and atomics versions
     * @param fglSharedBytes    dynamic shared memory of the FGL version (its locks included)
     * @param serialSharedBytes dynamic shared memory of the serialised version
     * @param check             how a version's output is compared with the serialised version's
     */
    record Setup(
            List<Arg> inputs, int outWords, int sharedBytes, int fglSharedBytes, int serialSharedBytes, Check check) {
        /** Dynamic shared memory of {@code version}. */
        public int sharedBytes(Version version) {
            switch (version) {
                case SERIAL:
                    return serialSharedBytes;
                case FGL:
                    return fglSharedBytes;
                default:
                    return sharedBytes;
            }
        }
    }
}
