package dev.gmac.samples.tmstudy.workload;

import dev.gmac.samples.tmstudy.TmMachine;
import dev.gmac.samples.tmstudy.TmScale;
import dev.gmac.samples.tmstudy.TmWorkload;
import dev.gmac.samples.tmstudy.WorkloadException;
import java.util.SplittableRandom;

/**
 * ATM (Fung thesis §4.3, Tables 4.2-4.3): 122880 transfers among 1M accounts (an array of structs: balance,
 * overdraft limit, lock), run by 23040 threads (120 blocks of 192) in a grid-stride loop, so about 16k transfers
 * are in flight at once; 122880 commits, the thesis's count. A transfer reads three words (both balances and the
 * limit) and writes two. Checked: each final balance is its initial balance plus exactly the transfers that
 * reported they moved money, and none is below minus its limit.
 */
public final class Bank implements TmWorkload {
    private static final int TRANSFERS = 122_880;
    private static final int ACCOUNTS = 1 << 20;
    private static final int BLOCK = 192;
    private static final int GRID = 120;

    @Override
    public String name() {
        return "ATM";
    }

    @Override
    public String description() {
        return "bank transfers between two of 1M accounts, 122880 transfers by 23040 threads";
    }

    @Override
    public Instance instance(TmScale scale, long seed) {
        int n = scale.of(TRANSFERS, BLOCK);
        int accounts = scale.of(ACCOUNTS, 64);
        int grid = scale.of(GRID, 1);
        SplittableRandom rnd = new SplittableRandom(seed ^ 0x41544dL);
        int[] initial = new int[4 * accounts];
        for (int a = 0; a < accounts; a++) {
            initial[4 * a] = 100 + rnd.nextInt(900);
            initial[4 * a + 1] = rnd.nextInt(200);
        }
        int[] from = new int[n];
        int[] to = new int[n];
        int[] amount = new int[n];
        for (int t = 0; t < n; t++) {
            from[t] = rnd.nextInt(accounts);
            to[t] = (from[t] + 1 + rnd.nextInt(accounts - 1)) % accounts;
            amount[t] = 1 + rnd.nextInt(600);
        }
        return new Instance() {
            @Override
            public String size() {
                return n + " transfers among " + accounts + " accounts";
            }

            @Override
            public long expectedCommits() {
                return n;
            }

            @Override
            public void run(TmMachine m, String mode) {
                long acc = m.ints(initial);
                long f = m.ints(from);
                long t = m.ints(to);
                long a = m.ints(amount);
                long moved = m.fill(n, -1);
                String kernel = mode.equals(FGL) ? "atm_transfer_fgl" : "atm_transfer_tm";
                m.launch("tm_bank", kernel, grid, BLOCK, mode.equals(FGL) ? null : mode, acc, f, t, a, moved, n);
                check(m.readInts(acc, 4 * accounts), m.readInts(moved, n));
            }

            private void check(int[] fin, int[] moved) {
                long[] expect = new long[accounts];
                for (int a = 0; a < accounts; a++) {
                    expect[a] = initial[4 * a];
                }
                for (int t = 0; t < n; t++) {
                    if (moved[t] != 0 && moved[t] != 1) {
                        throw new WorkloadException("ATM: transfer " + t + " never ran (flag " + moved[t] + ")");
                    }
                    if (moved[t] == 1) {
                        expect[from[t]] -= amount[t];
                        expect[to[t]] += amount[t];
                    }
                }
                for (int a = 0; a < accounts; a++) {
                    if (fin[4 * a] != expect[a]) {
                        throw new WorkloadException("ATM: account " + a + " holds " + fin[4 * a]
                                + "; the transfers that ran leave " + expect[a]);
                    }
                    if (fin[4 * a] < -initial[4 * a + 1]) {
                        throw new WorkloadException("ATM: account " + a + " is below its overdraft limit");
                    }
                    if (fin[4 * a + 2] != 0) {
                        throw new WorkloadException("ATM: account " + a + " is still locked");
                    }
                }
            }
        };
    }
}
