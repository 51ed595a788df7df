package dev.gmac.gpu.timing.tm;

import dev.gmac.gpu.timing.mem.AddressMap;
import dev.gmac.gpu.tm.LaneLog;
import dev.gmac.gpu.tm.WarpCommit;

/**
 * One warp's commit as its core's transaction log unit runs it (Fung thesis §4.2.5; digest §6.7): the warp's
 * commit IDs, which partitions each lane's read-set and write-set touch, the local outcomes still expected per
 * lane, the final outcomes sent, and the retire acknowledgements still expected per lane.
 */
final class CommitJob {
    final WarpCommit wc;
    final int core;
    final int localCta;
    final int warp;
    final long submitted;
    final long toUnits;
    final long[] cid;
    /** Per lane: partitions (bit p) holding its read entries, its write entries, and either. */
    final long[] readParts;

    final long[] writeParts;
    final long[] parts;
    /** Per partition: lanes with entries there, and lanes with write entries there. */
    final long[] lanesAt;

    final long[] writersAt;
    final int[] outcomesDue;
    final int[] acksDue;
    long failed;
    long finalSent;
    long done;
    boolean resolutionBuffer;
    boolean credits;

    CommitJob(WarpCommit wc, int core, int localCta, int warp, long submitted, AddressMap map, int partitions) {
        this.wc = wc;
        this.core = core;
        this.localCta = localCta;
        this.warp = warp;
        this.submitted = submitted;
        this.toUnits = wc.toCommitUnits();
        this.cid = new long[64];
        this.readParts = new long[64];
        this.writeParts = new long[64];
        this.parts = new long[64];
        this.lanesAt = new long[partitions];
        this.writersAt = new long[partitions];
        this.outcomesDue = new int[64];
        this.acksDue = new int[64];
        for (long m = toUnits; m != 0; m &= m - 1) {
            int lane = Long.numberOfTrailingZeros(m);
            LaneLog log = wc.log(lane);
            for (int i = 0; i < log.reads(); i++) {
                readParts[lane] |= 1L << map.partition(log.readPhysical(i));
            }
            for (int i = 0; i < log.writes(); i++) {
                writeParts[lane] |= 1L << map.partition(log.writePhysical(i));
            }
            parts[lane] = readParts[lane] | writeParts[lane];
            for (long p = parts[lane]; p != 0; p &= p - 1) {
                lanesAt[Long.numberOfTrailingZeros(p)] |= 1L << lane;
            }
            for (long p = writeParts[lane]; p != 0; p &= p - 1) {
                writersAt[Long.numberOfTrailingZeros(p)] |= 1L << lane;
            }
            outcomesDue[lane] = Long.bitCount(parts[lane]);
        }
    }

    /** True when lane {@code lane} writes memory. */
    boolean writes(int lane) {
        return writeParts[lane] != 0;
    }

    /** The lanes whose local outcomes have all arrived. */
    long outcomesComplete() {
        long m = 0;
        for (long l = toUnits; l != 0; l &= l - 1) {
            int lane = Long.numberOfTrailingZeros(l);
            if (outcomesDue[lane] == 0) {
                m |= 1L << lane;
            }
        }
        return m;
    }
}
