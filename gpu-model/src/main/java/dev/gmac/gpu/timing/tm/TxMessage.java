package dev.gmac.gpu.timing.tm;

import dev.gmac.gpu.tm.WarpCommit;

/**
 * The payloads of the messages between a core's transaction log unit and the commit units (Fung thesis §4.2.5,
 * Fig 4.4a and Fig 6.3), carried in {@code MemoryRequest.tag}. Sizes on the interconnect: log packets by payload
 * (8 bytes per address-value pair), every other message one control flit.
 */
abstract class TxMessage {
    final CommitJob job;

    TxMessage(CommitJob job) {
        this.job = job;
    }

    WarpCommit commit() {
        return job.wc;
    }

    /** Read-set or write-set entries of one log row homed at one partition: entry {@code index[k]} of lane {@code lane[k]}. */
    static final class LogPacket extends TxMessage {
        final boolean writes;
        final int[] lane;
        final int[] index;
        final boolean resend;

        LogPacket(CommitJob job, boolean writes, int[] lane, int[] index, boolean resend) {
            super(job);
            this.writes = writes;
            this.lane = lane;
            this.index = index;
            this.resend = resend;
        }
    }

    /** The warp's logs are all sent: its CIDs, and which of them have entries at the receiving commit unit. */
    static final class Done extends TxMessage {
        final long here;

        Done(CommitJob job, long here) {
            super(job);
            this.here = here;
        }
    }

    /** A commit unit's local outcome for {@code lanes} ({@code pass} the ones that passed). */
    static final class LocalOutcome extends TxMessage {
        final int partition;
        final long lanes;
        final long pass;

        LocalOutcome(CommitJob job, int partition, long lanes, long pass) {
            super(job);
            this.partition = partition;
            this.lanes = lanes;
            this.pass = pass;
        }
    }

    /** The core's final outcome for {@code lanes} ({@code pass} the ones that committed). */
    static final class FinalOutcome extends TxMessage {
        final long lanes;
        final long pass;

        FinalOutcome(CommitJob job, long lanes, long pass) {
            super(job);
            this.lanes = lanes;
            this.pass = pass;
        }
    }

    /** A commit unit retired the entries of {@code lanes} that wrote memory. */
    static final class Retired extends TxMessage {
        final int partition;
        final long lanes;

        Retired(CommitJob job, int partition, long lanes) {
            super(job);
            this.partition = partition;
            this.lanes = lanes;
        }
    }

    /** A commit unit whose buffer overflowed asks for lane {@code lane}'s read-set (or write-set) again. */
    static final class Resend extends TxMessage {
        final int partition;
        final int lane;
        final boolean writes;

        Resend(CommitJob job, int partition, int lane, boolean writes) {
            super(job);
            this.partition = partition;
            this.lane = lane;
            this.writes = writes;
        }
    }
}
