package dev.gmac.gpu.tm.local;

/**
 * The two intra-bank conflict-detection strategies of GPU-LocalTM (Villegas et al., Euro-Par 2016 Workshops, §3
 * "Conflict Detection", Table 1): each decides, from a word's state bits and its owner, what a transactional access
 * does ({@link Action}). Both are eager (at access time) and let the accessing work-item lose.
 *
 * <ul>
 *   <li>{@link #DCD}, directory-based conflict detection (Table 1(a)): one valid bit V per word; any access to a
 *       word another work-item owns is a conflict, read-read included.
 *   <li>{@link #SMDCD}, shared-modified DCD (Table 1(b)): two bits per word, S (several work-items read it) and M
 *       (it was written), with S = M = 1 meaning "no owner"; reads of unmodified words are shared, so read-read
 *       conflicts are filtered, and only writes are backed up.
 * </ul>
 */
public enum Detection {
    /** Directory-based conflict detection (Table 1(a)). */
    DCD {
        @Override
        byte empty() {
            return 0;
        }

        @Override
        Action decide(byte state, boolean owned, boolean write) {
            if (state == 0) {
                return Action.FIRST; // V = 0: back up, take ownership, V = 1
            }
            if (owned) {
                return Action.REPEATED; // V = 1, owner = WI
            }
            return write ? Action.CONFLICT_WRITE_WRITE : Action.CONFLICT_READ_READ; // V = 1, owner = o-WI
        }

        @Override
        boolean needsOwner(byte state, boolean write) {
            return state != 0;
        }

        @Override
        boolean hasBackup(byte state) {
            return state != 0;
        }
    },
    /** Shared-modified directory-based conflict detection (Table 1(b)). */
    SMDCD {
        @Override
        byte empty() {
            return S | M;
        }

        @Override
        Action decide(byte state, boolean owned, boolean write) {
            switch (state) {
                case S | M: // not set
                    return Action.FIRST;
                case 0: // owned, read only
                    if (owned) {
                        return write ? Action.UPGRADE : Action.REPEATED;
                    }
                    return write ? Action.CONFLICT_WRITE_READ : Action.SHARE;
                case M: // owned, written
                    if (owned) {
                        return Action.REPEATED;
                    }
                    return write ? Action.CONFLICT_WRITE_WRITE : Action.CONFLICT_READ_WRITE;
                default: // S: read by several work-items, never written
                    return write ? Action.CONFLICT_WRITE_READ : Action.SHARE;
            }
        }

        @Override
        boolean needsOwner(byte state, boolean write) {
            return state == 0 || state == M;
        }

        @Override
        boolean hasBackup(byte state) {
            return state == M;
        }
    };

    /** SMDCD's S bit: several work-items read the word. */
    static final byte S = 2;
    /** SMDCD's M bit: the word was written. */
    static final byte M = 1;

    /** The state bits of a word nobody owns. */
    abstract byte empty();

    /**
     * The Table 1 row for an access to a word in state {@code state}, whose owner is ({@code owned}) or is not the
     * accessing work-item; {@code write} for stores and atomics.
     */
    abstract Action decide(byte state, boolean owned, boolean write);

    /** True when the decision compares the owner, so the hardware reads the ownership word. */
    abstract boolean needsOwner(byte state, boolean write);

    /** True when a word in {@code state} holds a backup its owner must restore on abort. */
    abstract boolean hasBackup(byte state);

    /** The state bits after {@code a} for an access that did not conflict. */
    byte after(Action a, byte state, boolean write) {
        if (this == DCD) {
            return 1;
        }
        switch (a) {
            case FIRST:
                return write ? M : 0;
            case UPGRADE:
                return M;
            case SHARE:
                return S;
            default:
                return state;
        }
    }

    /** True when {@code a} makes the owner back the word up first. */
    boolean backsUp(Action a, boolean write) {
        return this == DCD ? a == Action.FIRST : (a == Action.FIRST && write) || a == Action.UPGRADE;
    }

    /** The model name for {@code --tm}. */
    public String modelName() {
        return this == DCD ? "localtm-dcd" : "localtm-smdcd";
    }
}
