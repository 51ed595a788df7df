package dev.gmac.samples.localtm.workload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.samples.localtm.Contention;
import dev.gmac.samples.localtm.LocalTmLaunch;
import dev.gmac.samples.localtm.LocalTmWorkload;
import dev.gmac.samples.localtm.Version;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * GA's steady-state step and its check (decision 0355): the serialised kernel is the steps in order, another serial
 * order passes the check with a different population, and a lost update fails it.
 */
class GeneticTest {
    private static final int TARGET = 0x5A5A_5A5A;

    private static int hash(int t, int i, int which) {
        int h = (t * 7919 + i * 104729 + which * 15485863 + 12345) * (int) 2654435761L;
        return h ^ (h >>> 15);
    }

    private static int first(int pop, int t, int i) {
        return Integer.remainderUnsigned(hash(t, i, 0), pop);
    }

    private static int second(int pop, int t, int i) {
        return (first(pop, t, i) + 1 + Integer.remainderUnsigned(hash(t, i, 1), pop - 1)) % pop;
    }

    /** The kernel's ga_step on parents a and b: the two words it writes into slots first and second. */
    private static int[] step(int a, int b, int t, int i) {
        int mask = hash(t, i, 2);
        int c1 = (a & mask) | (b & ~mask);
        int c2 = (b & mask) | (a & ~mask);
        boolean children = Genetic.fitness(c1) + Genetic.fitness(c2) > Genetic.fitness(a) + Genetic.fitness(b);
        return children ? new int[] {c1, c2} : new int[] {a, b};
    }

    private static void apply(int[] pop, int t, int i) {
        int p1 = first(pop.length, t, i);
        int p2 = second(pop.length, t, i);
        int[] w = step(pop[p1], pop[p2], t, i);
        pop[p1] = w[0];
        pop[p2] = w[1];
    }

    private static int[] initial(LocalTmWorkload.Setup setup) {
        return ((LocalTmWorkload.Buffer) setup.inputs().get(0)).values().clone();
    }

    @Test
    void theSerialisedKernelRunsTheStepsInOrder() {
        Genetic ga = new Genetic();
        for (Contention c : Contention.values()) {
            LocalTmWorkload.Setup setup = ga.setup(c, 1);
            int[] pop = initial(setup);
            for (int t = 0; t < 256; t++) {
                for (int i = 0; i < 2; i++) {
                    assertTrue(first(pop.length, t, i) != second(pop.length, t, i), "two distinct slots");
                    apply(pop, t, i);
                }
            }
            LocalTmLaunch.Outcome serial = LocalTmLaunch.run(ga, setup, Version.SERIAL, 1, null, null);
            assertArrayEquals(pop, serial.out(), c + ": ga_serial is the steps in work-item order");
            assertFalse(Arrays.equals(initial(setup), pop), c + ": the steps changed the population");
        }
    }

    @Test
    void anotherSerialOrderPassesAndALostUpdateFails() {
        Genetic ga = new Genetic();
        LocalTmWorkload.Setup setup = ga.setup(Contention.HC, 1);
        int[] serial = initial(setup);
        int[] reversed = initial(setup);
        for (int k = 0; k < 512; k++) {
            apply(serial, k / 2, k % 2);
            apply(reversed, (511 - k) / 2, (511 - k) % 2);
        }
        assertFalse(Arrays.equals(serial, reversed), "the order matters at high contention");
        assertNull(setup.check().compare(Version.FGL, serial, reversed), "any serial order is accepted");

        // Two first steps that share a slot and both replace their parents run at once on stale parents: the later
        // writer overwrites the other's child in the shared slot, as an unprotected read-modify-write would.
        int n = serial.length;
        int[] start = initial(setup);
        int t1 = 0;
        int t2 = 1;
        while (!(replaces(start, t1) && replaces(start, t2) && shareASlot(n, t1, t2))) {
            t2++;
            if (t2 == 256) {
                t1++;
                t2 = t1 + 1;
            }
        }
        int[] lost = start.clone();
        apply(lost, t1, 0);
        int[] w = step(start[first(n, t2, 0)], start[second(n, t2, 0)], t2, 0);
        lost[first(n, t2, 0)] = w[0];
        lost[second(n, t2, 0)] = w[1];
        for (int k = 0; k < 512; k++) {
            if (k != 2 * t1 && k != 2 * t2) {
                apply(lost, k / 2, k % 2);
            }
        }
        String why = setup.check().compare(Version.DCD, serial, lost);
        assertNotNull(why, "a lost update is caught");
        assertTrue(why.contains("bit column") || why.contains("fitness"), why);
    }

    private static boolean replaces(int[] pop, int t) {
        int a = pop[first(pop.length, t, 0)];
        int b = pop[second(pop.length, t, 0)];
        int[] w = step(a, b, t, 0);
        return w[0] != a || w[1] != b;
    }

    private static boolean shareASlot(int n, int t1, int t2) {
        int a1 = first(n, t1, 0);
        int a2 = second(n, t1, 0);
        int b1 = first(n, t2, 0);
        int b2 = second(n, t2, 0);
        return a1 == b1 || a1 == b2 || a2 == b1 || a2 == b2;
    }
}
