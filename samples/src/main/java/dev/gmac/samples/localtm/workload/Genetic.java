package dev.gmac.samples.localtm.workload;

import dev.gmac.samples.localtm.Contention;
import dev.gmac.samples.localtm.LocalTmWorkload;
import dev.gmac.samples.localtm.Version;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * GA, one generation of a genetic algorithm with island elitism ({@code localtm_ga.cu}; Villegas et al.,
 * "GPU-LocalTM", Euro-Par 2016 Workshops, §5: FGL needs extra lock management, transactions read-modify-write the same
 * location): every work-item breeds 2 children from two parents of the shared population and offers each to an elite
 * slot (fitness and genome, two words, so FGL takes a spin lock per slot); 16 genomes and 2 slots (HC) or 1024 and
 * 256 (LC). The best child per slot does not depend on the order: exact equality with the serialised version.
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
        return "genetic algorithm generation";
    }

    @Override
    public String module() {
        return "localtm_ga";
    }

    @Override
    public String prefix() {
        return "ga";
    }

    /** No atomics version: the critical section updates more than one word as a unit. */
    @Override
    public Set<Version> versions() {
        return EnumSet.complementOf(EnumSet.of(Version.ATOMIC));
    }

    @Override
    public Setup setup(Contention contention, int groups) {
        int popSize = contention == Contention.HC ? 16 : 1024;
        int slots = contention == Contention.HC ? 2 : 256;
        int[] population = new int[popSize];
        for (int i = 0; i < popSize; i++) {
            int h = (i + 1) * 0x9E37_79B9;
            population[i] = h ^ (h >>> 16);
        }
        int words = popSize + 2 * slots;
        return new Setup(
                List.of(
                        new Buffer(population),
                        new Scalar(popSize),
                        new Scalar(slots),
                        new Scalar(TARGET),
                        new Scalar(PER_ITEM)),
                words,
                4 * words,
                4 * (words + slots),
                4 * words,
                Check.exact());
    }
}
