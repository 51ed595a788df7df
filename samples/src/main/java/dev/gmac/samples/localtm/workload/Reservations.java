package dev.gmac.samples.localtm.workload;

import dev.gmac.samples.localtm.Contention;
import dev.gmac.samples.localtm.LocalTmLaunch;
import dev.gmac.samples.localtm.LocalTmWorkload;
import dev.gmac.samples.localtm.Version;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * VA, travel reservations after STAMP's vacation ({@code localtm_va.cu}; Villegas et al., "GPU-LocalTM", Euro-Par
 * 2016 Workshops, §5: FGL's lock management is too costly on VA): every work-item serves 2 requests, each querying 4
 * items, taking a seat on the cheapest and billing a customer; 8 items and 8 customers (HC) or 512 and 256 (LC). FGL
 * locks every queried item and the customer. Items have more seats than requests, so the choice never depends on the
 * order: exact equality with the serialised version.
 */
public final class Reservations implements LocalTmWorkload {
    private static final int PER_ITEM = 2;
    private static final int QUERIES = 4;

    @Override
    public String name() {
        return "VA";
    }

    @Override
    public String title() {
        return "travel reservations";
    }

    @Override
    public String module() {
        return "localtm_va";
    }

    @Override
    public String prefix() {
        return "va";
    }

    /** No atomics version: the critical section updates more than one word as a unit. */
    @Override
    public Set<Version> versions() {
        return EnumSet.complementOf(EnumSet.of(Version.ATOMIC));
    }

    @Override
    public Setup setup(Contention contention, int groups) {
        int items = contention == Contention.HC ? 8 : 512;
        int customers = contention == Contention.HC ? 8 : 256;
        int[] prices = new int[items];
        for (int k = 0; k < items; k++) {
            prices[k] = 100 + (k * 37) % 50;
        }
        int seats = 2 * LocalTmLaunch.WORK_ITEMS * PER_ITEM; // more than a work-group's requests
        int words = 2 * items + customers;
        return new Setup(
                List.of(
                        new Buffer(prices),
                        new Scalar(items),
                        new Scalar(customers),
                        new Scalar(seats),
                        new Scalar(QUERIES),
                        new Scalar(PER_ITEM)),
                words,
                4 * words,
                4 * (words + items + customers),
                4 * words,
                Check.exact());
    }
}
