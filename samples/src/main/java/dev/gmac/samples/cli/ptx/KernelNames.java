package dev.gmac.samples.cli.ptx;

import java.util.ArrayList;
import java.util.List;

/**
 * The CUDA name of a kernel whose PTX name is mangled by a C++ compiler (the Itanium C++ ABI's {@code _Z}
 * encoding that nvcc uses): {@code _Z9bfs_levelP4NodePiS1_i} is {@code bfs_level}, {@code _ZN4lud28diagonalEPfii}
 * is {@code lud2::diagonal}. Only the name is decoded, not the parameter types, which is what a spec needs to find
 * a kernel; names this subset cannot read (operators, substitutions other than {@code std}) have no CUDA name here
 * and are found by their PTX name only.
 */
final class KernelNames {
    private KernelNames() {}

    /** The qualified CUDA name ({@code ns::name}), or null when {@code ptxName} is not a mangled name we read. */
    static String demangle(String ptxName) {
        if (!ptxName.startsWith("_Z")) {
            return null;
        }
        int[] at = {2};
        if (at[0] < ptxName.length() && ptxName.charAt(at[0]) == 'L') {
            at[0]++; // internal linkage
        }
        if (at[0] >= ptxName.length()) {
            return null;
        }
        List<String> parts = new ArrayList<>();
        char c = ptxName.charAt(at[0]);
        if (c == 'N') {
            at[0]++;
            while (at[0] < ptxName.length() && "rVK".indexOf(ptxName.charAt(at[0])) >= 0) {
                at[0]++; // cv-qualifiers of a member function
            }
            while (at[0] < ptxName.length() && ptxName.charAt(at[0]) != 'E') {
                char d = ptxName.charAt(at[0]);
                if (d == 'S' && at[0] + 1 < ptxName.length() && ptxName.charAt(at[0] + 1) == 't') {
                    parts.add("std");
                    at[0] += 2;
                } else if (Character.isDigit(d)) {
                    String part = sourceName(ptxName, at);
                    if (part == null) {
                        return null;
                    }
                    parts.add(part);
                } else {
                    break; // template arguments or a substitution: the name read so far is the name
                }
            }
        } else if (c == 'S' && at[0] + 1 < ptxName.length() && ptxName.charAt(at[0] + 1) == 't') {
            at[0] += 2;
            parts.add("std");
            String part = sourceName(ptxName, at);
            if (part == null) {
                return null;
            }
            parts.add(part);
        } else {
            String part = sourceName(ptxName, at);
            if (part == null) {
                return null;
            }
            parts.add(part);
        }
        return parts.isEmpty() ? null : String.join("::", parts);
    }

    /** {@code <length><identifier>} at {@code at[0]}, advancing past it; null when malformed. */
    private static String sourceName(String s, int[] at) {
        int i = at[0];
        int length = 0;
        int digits = 0;
        while (i < s.length() && Character.isDigit(s.charAt(i)) && digits < 6) {
            length = length * 10 + (s.charAt(i) - '0');
            i++;
            digits++;
        }
        if (digits == 0 || length == 0 || i + length > s.length()) {
            return null;
        }
        at[0] = i + length;
        return s.substring(i, i + length);
    }

    /**
     * Whether a spec's {@code wanted} name names the kernel {@code ptxName} through its CUDA name: the qualified
     * name ({@code lud2::diagonal}) or its last part ({@code diagonal}).
     */
    static boolean cudaNameMatches(String ptxName, String wanted) {
        String cuda = demangle(ptxName);
        if (cuda == null) {
            return false;
        }
        if (cuda.equals(wanted)) {
            return true;
        }
        int sep = cuda.lastIndexOf("::");
        return sep >= 0 && cuda.substring(sep + 2).equals(wanted);
    }
}
