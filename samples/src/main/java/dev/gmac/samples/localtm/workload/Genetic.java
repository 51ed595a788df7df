package dev.gmac.samples.localtm.workload;

import dev.gmac.samples.localtm.Contention;
import dev.gmac.samples.localtm.LocalTmWorkload;
import dev.gmac.samples.localtm.Version;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * GA, a steady-state genetic algorithm on the work-group's shared population ({@code localtm_ga.cu}, decision 0355;
 * Villegas et al., "GPU-LocalTM", Euro-Par 2016 Workshops, §5: "transactions perform read-modify-write operations on
 * the same memory location", and FGL needs extra lock management; §1: "lock acquisition has to be serialized to avoid
 * deadlocks"): each of a work-item's 2 steps reads two individuals, crosses them into two complementary children and
 * writes the better pair (by a Royal Road fitness) back into both slots; FGL takes the two slots' locks in ascending
 * order. 16 individuals (HC) or 1024 (LC). The result depends on the order, so the check is what every serial order
 * gives: each bit column's count is conserved (the children take complementary bits of the parents) and the total
 * fitness is at least the initial one; every TM run is in addition checked exactly by the serial replay of its
 * committed transactions.
 */
public final class Genetic implements LocalTmWorkload {
    private static final int PER_ITEM = 2;
    private static final int TARGET = 0x5A5A_5A5A;

    @Override
    public String name() {
        return "GA";
    }

    @Override
    public String title() {
        return "steady-state genetic algorithm";
    }

    @Override
    public String module() {
        return "localtm_ga";
    }

    @Override
    public String prefix() {
        return "ga";
    }

    /** No atomics version: a step updates two words as a unit. */
    @Override
    public Set<Version> versions() {
        return EnumSet.complementOf(EnumSet.of(Version.ATOMIC));
    }

    @Override
    public Setup setup(Contention contention, int groups) {
        int popSize = contention == Contention.HC ? 16 : 1024;
        int[] population = new int[popSize];
        for (int i = 0; i < popSize; i++) {
            int h = (i + 1) * 0x9E37_79B9;
            population[i] = h ^ (h >>> 16);
        }
        long initialFitness = totalFitness(population);
        return new Setup(
                List.of(new Buffer(population), new Scalar(popSize), new Scalar(TARGET), new Scalar(PER_ITEM)),
                popSize,
                4 * popSize,
                8 * popSize,
                4 * popSize,
                (version, serial, out) -> compare(serial, out, initialFitness));
    }

    /**
     * Null when {@code out} is a population every serial order of the steps could give, judged against {@code
     * serial}, the serialised version's: the same count of set bits in each of the 32 bit columns, and a total
     * fitness of at least {@code initialFitness}.
     */
    static String compare(int[] serial, int[] out, long initialFitness) {
        if (out.length != serial.length) {
            return "the population has " + out.length + " individuals, the serialised version's " + serial.length;
        }
        int[] want = columnCounts(serial);
        int[] got = columnCounts(out);
        for (int j = 0; j < 32; j++) {
            if (want[j] != got[j]) {
                return "bit column " + j + " has " + got[j] + " set bits, the serialised version's " + want[j]
                        + " (a crossover step conserves every column: an update was lost)";
            }
        }
        long fitness = totalFitness(out);
        if (fitness < initialFitness) {
            return "the total fitness fell to " + fitness + " from " + initialFitness
                    + " (a step never lowers it: an update was lost)";
        }
        return null;
    }

    private static int[] columnCounts(int[] population) {
        int[] counts = new int[32];
        for (int g : population) {
            for (int j = 0; j < 32; j++) {
                counts[j] += (g >>> j) & 1;
            }
        }
        return counts;
    }

    /** The Royal Road fitness of the kernel's {@code ga_fitness}: 4-bit blocks equal to the target's. */
    static int fitness(int genome) {
        int f = 0;
        for (int k = 0; k < 32; k += 4) {
            if (((genome ^ TARGET) >>> k & 0xF) == 0) {
                f++;
            }
        }
        return f;
    }

    private static long totalFitness(int[] population) {
        long sum = 0;
        for (int g : population) {
            sum += fitness(g);
        }
        return sum;
    }
}
