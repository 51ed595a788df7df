package dev.gmac.gpu.tm.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Every row of Villegas et al., Euro-Par 2016 Workshops, Table 1 ("Conflict detection using DCD (a) and SMDCD (b).
 * WI is the accessing work-item, o-WI is other work-item ... 'Abort' means the following actions: restore backup for
 * WI, delete WI ownership entries and set TCM[WI] = 1"), first as decisions, then as their effects on a directory.
 */
class DetectionTableTest {
    private static final byte V0 = 0;
    private static final byte V1 = 1;
    private static final byte NOT_SET = Detection.S | Detection.M;
    private static final byte READ = 0;
    private static final byte WRITTEN = Detection.M;
    private static final byte SHARED = Detection.S;

    @Test
    void dcdRows() {
        Detection d = Detection.DCD;
        assertEquals(Action.FIRST, d.decide(V0, false, false), "V=0, read: back up, owner = WI");
        assertEquals(Action.FIRST, d.decide(V0, false, true), "V=0, write: back up, owner = WI");
        assertEquals(Action.REPEATED, d.decide(V1, true, false), "V=1, owner WI, read");
        assertEquals(Action.REPEATED, d.decide(V1, true, true), "V=1, owner WI, write");
        assertEquals(Action.CONFLICT_READ_READ, d.decide(V1, false, false), "V=1, owner o-WI, read: abort");
        assertEquals(Action.CONFLICT_WRITE_WRITE, d.decide(V1, false, true), "V=1, owner o-WI, write: abort");
        assertTrue(d.backsUp(Action.FIRST, false), "DCD backs up on the first access, read or write");
    }

    @Test
    void smdcdRows() {
        Detection d = Detection.SMDCD;
        assertEquals(Action.FIRST, d.decide(NOT_SET, false, false), "S=M=1, read: owner = WI, S=M=0");
        assertEquals(Action.FIRST, d.decide(NOT_SET, false, true), "S=M=1, write: back up, owner = WI, M=1");
        assertFalse(d.backsUp(Action.FIRST, false), "no backup for a read");
        assertTrue(d.backsUp(Action.FIRST, true));
        assertEquals(Action.REPEATED, d.decide(READ, true, false), "S=0 M=0, owner WI, read");
        assertEquals(Action.UPGRADE, d.decide(READ, true, true), "S=0 M=0, owner WI, write: back up, M=1");
        assertEquals(Action.SHARE, d.decide(READ, false, false), "S=0 M=0, owner o-WI, read: S=1");
        assertEquals(Action.CONFLICT_WRITE_READ, d.decide(READ, false, true), "S=0 M=0, owner o-WI, write: abort");
        assertEquals(Action.REPEATED, d.decide(WRITTEN, true, false), "S=0 M=1, owner WI, read");
        assertEquals(Action.REPEATED, d.decide(WRITTEN, true, true), "S=0 M=1, owner WI, write");
        assertEquals(Action.CONFLICT_READ_WRITE, d.decide(WRITTEN, false, false), "S=0 M=1, o-WI, read: abort");
        assertEquals(Action.CONFLICT_WRITE_WRITE, d.decide(WRITTEN, false, true), "S=0 M=1, o-WI, write: abort");
        assertEquals(Action.SHARE, d.decide(SHARED, false, false), "S=1 M=0, read: allowed");
        assertEquals(Action.SHARE, d.decide(SHARED, true, false), "S=1 M=0, read by the owner: allowed");
        assertEquals(Action.CONFLICT_WRITE_READ, d.decide(SHARED, true, true), "S=1 M=0, write even by the owner");
        assertEquals(Action.CONFLICT_WRITE_READ, d.decide(SHARED, false, true), "S=1 M=0, write: abort");
    }

    /** The effects: backups in the shadow memory, owners, restore on abort, entries freed on commit. */
    @Test
    void aDirectoryBacksUpRestoresAndReleases() {
        byte[] mem = new byte[ShadowLayout.of(16).footprintBytes()];
        mem[4] = 42; // word 1 = 42
        Counters c = new Counters();
        ShadowDirectory d = new ShadowDirectory(ShadowLayout.of(16), Detection.DCD, mem, 64, c, new ShadowTraffic());
        assertEquals(Action.FIRST, d.access(1, 5, true));
        assertEquals(5, d.owner(1));
        assertEquals(42, d.backup(1));
        mem[4] = 99; // the owner writes in place
        assertEquals(Action.CONFLICT_READ_READ, d.access(1, 6, false));
        assertEquals(1, d.release(5, true), "abort: one word restored");
        assertEquals(42, mem[4]);
        assertEquals(Detection.DCD.empty(), d.state(1));
        assertEquals(Action.FIRST, d.access(1, 6, false));
        assertEquals(0, d.release(6, false), "commit restores nothing");
        assertEquals(0, d.ownedCount(6));
        assertEquals(2, c.backups);
        assertEquals(1, c.restores);
    }

    /**
     * SMDCD keeps a shared word protected until its last reader finishes (docs/decisions/0350): the owner finishing
     * must not let a writer in while another reader is still running.
     */
    @Test
    void aSharedWordStaysProtectedUntilItsLastReaderFinishes() {
        byte[] mem = new byte[ShadowLayout.of(16).footprintBytes()];
        ShadowDirectory d =
                new ShadowDirectory(ShadowLayout.of(16), Detection.SMDCD, mem, 64, new Counters(), new ShadowTraffic());
        assertEquals(Action.FIRST, d.access(2, 1, false));
        assertEquals(Action.SHARE, d.access(2, 2, false));
        d.release(1, false); // the owner commits
        assertEquals(Action.CONFLICT_WRITE_READ, d.access(2, 3, true), "reader 2 still holds the word");
        d.release(2, false);
        assertEquals(Action.FIRST, d.access(2, 3, true), "free once the last reader finished");
    }

    /**
     * Two readers of a word who both want to write it (a read-modify-write): the first writer aborts (S = 1), and the
     * word passes to the reader left, whose write then upgrades instead of aborting too (docs/decisions/0350).
     */
    @Test
    void theLastReaderOfASharedWordOwnsItAndMayWrite() {
        byte[] mem = new byte[ShadowLayout.of(16).footprintBytes()];
        mem[8] = 7;
        ShadowDirectory d =
                new ShadowDirectory(ShadowLayout.of(16), Detection.SMDCD, mem, 64, new Counters(), new ShadowTraffic());
        assertEquals(Action.FIRST, d.access(2, 1, false));
        assertEquals(Action.SHARE, d.access(2, 2, false));
        assertEquals(Action.CONFLICT_WRITE_READ, d.access(2, 1, true), "S = 1: even the owner may not write");
        d.release(1, true);
        assertEquals(2, d.owner(2), "reader 2 is the owner now");
        assertEquals(Action.UPGRADE, d.access(2, 2, true), "its write backs the word up and sets M");
        assertEquals(7, d.backup(2));
        assertEquals(Action.CONFLICT_READ_WRITE, d.access(2, 1, false), "the retry of 1 meets the write");
    }
}
