package dev.gmac.coherence;

import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/**
 * Which shared objects a kernel call may write: all of them (the paper's unannotated call, §4.3), or only
 * the named ones (the write-set annotation the paper proposes to remove the "potential deficiency" it names
 * in §4.3: objects outside the set stay valid on the host, in read-only or dirty state, across the call).
 *
 * <p>A scope is either declared by the program ({@link #of}) or inferred by the runtime from the kernel's
 * code ({@link #inferred}: §4.3's "interprocedural pointer analysis in the compiler"). Batch-update, the
 * paper's naive protocol, honours only declared scopes.
 */
public final class WriteScope {
    private static final WriteScope ALL = new WriteScope(null, false);

    private final Set<SharedObject> objects;
    private final boolean inferred;

    private WriteScope(Set<SharedObject> objects, boolean inferred) {
        this.objects = objects;
        this.inferred = inferred;
    }

    /** The kernel may write any shared object. */
    public static WriteScope all() {
        return ALL;
    }

    /** The kernel writes only these objects (declared by the program). */
    public static WriteScope of(Collection<SharedObject> objects) {
        return new WriteScope(set(objects), false);
    }

    /** The kernel can write only these objects, as the runtime proved from its code. */
    public static WriteScope inferred(Collection<SharedObject> objects) {
        return new WriteScope(set(objects), true);
    }

    private static Set<SharedObject> set(Collection<SharedObject> objects) {
        Set<SharedObject> set = Collections.newSetFromMap(new IdentityHashMap<>());
        for (SharedObject object : objects) {
            if (object == null) {
                throw new IllegalArgumentException("a write set cannot name null");
            }
            set.add(object);
        }
        return Collections.unmodifiableSet(set);
    }

    public boolean isAll() {
        return objects == null;
    }

    /** Whether the runtime inferred this scope (rather than the program declaring it). */
    public boolean isInferred() {
        return inferred;
    }

    /**
     * Whether a protocol that honours only declared scopes (batch-update) must treat {@code object} as
     * written.
     */
    public boolean coversUnlessInferred(SharedObject object) {
        return inferred || covers(object);
    }

    /** Whether the kernel may write {@code object}. */
    public boolean covers(SharedObject object) {
        return objects == null || objects.contains(object);
    }

    /** The named objects; empty for {@link #all()}. */
    public Set<SharedObject> objects() {
        return objects == null ? Set.of() : objects;
    }

    @Override
    public String toString() {
        return objects == null ? "WriteScope[all]" : (inferred ? "WriteScope[inferred]" : "WriteScope") + objects;
    }
}
