package dev.gmac.samples.localtm.workload;

import dev.gmac.samples.localtm.Contention;
import dev.gmac.samples.localtm.LocalTmLaunch;
import dev.gmac.samples.localtm.LocalTmWorkload;
import java.util.List;

/**
 * KM, one k-means assignment step of Villegas et al., "GPU-LocalTM", Euro-Par 2016 Workshops, §5 ("only 10% of the
 * code of KM is able to take advantage of TM or FGL"; {@code localtm_km.cu}): every work-item finds the nearest
 * centre of 2 points in parallel, then adds each to its cluster's sums and count; 2 clusters (HC) or 32 on a line so
 * that neighbouring points share one (LC). Integer sums commute: exact equality with the serialised version.
 */
public final class KMeans implements LocalTmWorkload {
    private static final int PER_ITEM = 2;

    @Override
    public String name() {
        return "KM";
    }

    @Override
    public String title() {
        return "k-means assignment step";
    }

    @Override
    public String module() {
        return "localtm_km";
    }

    @Override
    public String prefix() {
        return "km";
    }

    @Override
    public Setup setup(Contention contention, int groups) {
        int k = contention == Contention.HC ? 2 : 32;
        int points = groups * LocalTmLaunch.WORK_ITEMS * PER_ITEM;
        int[] xy = new int[2 * points];
        for (int i = 0; i < xy.length; i++) {
            // point i of a work-group is (2i, 2i + 1), on a line; every work-group gets the same points
            xy[i] = i % (2 * LocalTmLaunch.WORK_ITEMS * PER_ITEM);
        }
        int[] centres = new int[2 * k];
        int spread = contention == Contention.HC ? 1024 : 64;
        for (int c = 0; c < k; c++) {
            centres[2 * c] = spread * c;
            centres[2 * c + 1] = spread * c + 1;
        }
        int words = 3 * k;
        return new Setup(
                List.of(new Buffer(xy), new Buffer(centres), new Scalar(PER_ITEM), new Scalar(k)),
                words,
                4 * words,
                4 * (words + k),
                4 * (words + LocalTmLaunch.WORK_ITEMS * PER_ITEM),
                Check.exact());
    }
}
