package dev.gmac.channels.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.gmac.channels.Channel;
import dev.gmac.channels.ChannelLayout;
import org.junit.jupiter.api.Test;

/** {@link ChannelAudit} accepts a correct sequence of channel operations and catches each broken invariant. */
class ChannelAuditTest {
    private static Channel filled(int n) {
        Channel c = Channel.allocate(ChannelLayout.of(8, 128)); // done counts of 64
        long first = c.talloc(n);
        c.enq(first, n);
        return c;
    }

    @Test
    void aCorrectRunPasses() {
        Channel c = filled(64);
        ChannelAudit audit = new ChannelAudit(new Channel[] {c});
        int[] slots = new int[64];
        audit.beforeDispatch(0);
        int n = c.dispatch(slots, 64);
        audit.dispatched(0, slots, n);
        for (int i = 0; i < n; i++) {
            c.tfree(slots[i]); // the last one completes the group and frees it
        }
        audit.reclaimed(0, 0);
        audit.pass();
        audit.finish();
        assertEquals(64, audit.elementsChecked());
        assertEquals(1, audit.groupsChecked());
    }

    @Test
    void anElementFreedWithoutBeingDispatchedIsLost() {
        Channel c = filled(64);
        ChannelAudit audit = new ChannelAudit(new Channel[] {c});
        for (int slot = 0; slot < 64; slot++) {
            c.tfree(slot);
        }
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> audit.reclaimed(0, 0));
        assertTrue(e.getMessage().contains("never dispatched"), e.getMessage());
    }

    @Test
    void aSlotDispatchedTwiceIsCaught() {
        Channel c = filled(2);
        ChannelAudit audit = new ChannelAudit(new Channel[] {c});
        int[] slots = new int[2];
        audit.beforeDispatch(0);
        int n = c.dispatchOne() >= 0 ? 1 : 0;
        slots[0] = 0;
        audit.dispatched(0, slots, n);
        // the same slot reported again (the control head moved by one for the second element)
        c.dispatchOne();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> audit.dispatched(0, slots, 1));
        assertTrue(e.getMessage().contains("dispatched again"), e.getMessage());
    }

    @Test
    void elementsLeftUndispatchedFailTheEnd() {
        Channel c = filled(3);
        ChannelAudit audit = new ChannelAudit(new Channel[] {c});
        IllegalStateException e = assertThrows(IllegalStateException.class, audit::finish);
        assertTrue(e.getMessage().contains("0 elements dispatched, 3 enqueued"), e.getMessage());
    }
}
