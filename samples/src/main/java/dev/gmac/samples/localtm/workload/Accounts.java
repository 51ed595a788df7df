package dev.gmac.samples.localtm.workload;

import dev.gmac.samples.localtm.Contention;
import dev.gmac.samples.localtm.LocalTmWorkload;
import java.util.List;

/**
 * DB, the "database" of Villegas et al., "GPU-LocalTM", Euro-Par 2016 Workshops, §5 ("prone to conflicts ... designed
 * to stress the TM"), as our account transfers ({@code localtm_db.cu}): every work-item makes 2 transfers, each two
 * read-modify-writes; 8 accounts (HC) or 1024 (LC). Transfers commute, so every version ends with exactly the
 * serialised version's balances.
 */
public final class Accounts implements LocalTmWorkload {
    private static final int PER_ITEM = 2;

    @Override
    public String name() {
        return "DB";
    }

    @Override
    public String title() {
        return "account transfers";
    }

    @Override
    public String module() {
        return "localtm_db";
    }

    @Override
    public String prefix() {
        return "db";
    }

    @Override
    public Setup setup(Contention contention, int groups) {
        int accounts = contention == Contention.HC ? 8 : 1024;
        return new Setup(
                List.of(new Scalar(PER_ITEM), new Scalar(accounts)),
                accounts,
                4 * accounts,
                8 * accounts,
                4 * accounts,
                Check.exact());
    }
}
