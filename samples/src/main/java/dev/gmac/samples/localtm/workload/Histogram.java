package dev.gmac.samples.localtm.workload;

import dev.gmac.samples.localtm.Contention;
import dev.gmac.samples.localtm.LocalTmLaunch;
import dev.gmac.samples.localtm.LocalTmWorkload;
import java.util.List;

/**
 * IT, an intensity table (histogram) of image pixels ({@code localtm_it.cu}; our reading of Villegas et al.,
 * "GPU-LocalTM", Euro-Par 2016 Workshops, §5, which names IT without describing it): every work-item bins 8 pixels
 * and adds each to its bin's count and sum; 4 bins (HC: 16 work-items of a wavefront on each bin) or 256 bins with
 * the pixels spread (LC). Counts and sums commute: exact equality with the serialised version.
 */
public final class Histogram implements LocalTmWorkload {
    private static final int PER_ITEM = 8;

    @Override
    public String name() {
        return "IT";
    }

    @Override
    public String title() {
        return "intensity table (histogram)";
    }

    @Override
    public String module() {
        return "localtm_it";
    }

    @Override
    public String prefix() {
        return "it";
    }

    @Override
    public Setup setup(Contention contention, int groups) {
        int bins = contention == Contention.HC ? 4 : 256;
        int[] pixels = new int[groups * LocalTmLaunch.WORK_ITEMS * PER_ITEM];
        for (int j = 0; j < pixels.length; j++) {
            pixels[j] = contention == Contention.HC ? j % 256 : (j * 97 + j / 256) % 256;
        }
        int words = 2 * bins;
        return new Setup(
                List.of(new Buffer(pixels), new Scalar(PER_ITEM), new Scalar(bins)),
                words,
                4 * words,
                4 * (words + bins),
                4 * (words + LocalTmLaunch.WORK_ITEMS * PER_ITEM),
                Check.exact());
    }
}
