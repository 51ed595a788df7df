package dev.gmac.coherence;

import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/**
 * Which shared objects a kernel call may access: what its call releases and acquires. ADSM's premise is that
 * "the accelerator executing a method will access only shared data objects explicitly assigned to the method"
 * (ADSM paper, Gelado et al., ASPLOS 2010, §3.2); the paper's minimal implementation assumes every object is
 * used by every kernel (§3.3), which is {@link #wholeContext()}. A call that names its objects ({@link #of})
 * releases only those: objects the kernel cannot reach keep their states, so their dirty data does not move
 * and their host copies stay valid.
 *
 * <p>Batch-update ignores the reach (it releases every object of the calling context, as the paper defines
 * it).
 */
public final class Reach {
    private static final Reach WHOLE_CONTEXT = new Reach(null);

    private final Set<SharedObject> objects;

    private Reach(Set<SharedObject> objects) {
        this.objects = objects;
    }

    /** Every object of the calling context (the paper's minimal implementation). */
    public static Reach wholeContext() {
        return WHOLE_CONTEXT;
    }

    /** Only these objects. */
    public static Reach of(Collection<SharedObject> objects) {
        Set<SharedObject> set = Collections.newSetFromMap(new IdentityHashMap<>());
        for (SharedObject object : objects) {
            if (object == null) {
                throw new IllegalArgumentException("a reach cannot name null");
            }
            set.add(object);
        }
        return new Reach(Collections.unmodifiableSet(set));
    }

    /** Whether this is {@link #wholeContext()}. */
    public boolean isWholeContext() {
        return objects == null;
    }

    /** The named objects; empty for {@link #wholeContext()}. */
    public Set<SharedObject> objects() {
        return objects == null ? Set.of() : objects;
    }

    @Override
    public String toString() {
        return objects == null ? "Reach[whole context]" : "Reach" + objects;
    }
}
