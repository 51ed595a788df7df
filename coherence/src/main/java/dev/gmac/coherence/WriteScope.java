package dev.gmac.coherence;

import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/**
 * Which shared objects a kernel call may write: all of them (the paper's unannotated call, §4.3), or only
 * the named ones (the write-set annotation the paper proposes to remove the "potential deficiency" it names
 * in §4.3: objects outside the set stay valid on the host, in read-only or dirty state, across the call).
 */
public final class WriteScope {
    private static final WriteScope ALL = new WriteScope(null);

    private final Set<SharedObject> objects;

    private WriteScope(Set<SharedObject> objects) {
        this.objects = objects;
    }

    /** The kernel may write any shared object. */
    public static WriteScope all() {
        return ALL;
    }

    /** The kernel writes only these objects. */
    public static WriteScope of(Collection<SharedObject> objects) {
        Set<SharedObject> set = Collections.newSetFromMap(new IdentityHashMap<>());
        for (SharedObject object : objects) {
            if (object == null) {
                throw new IllegalArgumentException("a write set cannot name null");
            }
            set.add(object);
        }
        return new WriteScope(Collections.unmodifiableSet(set));
    }

    public boolean isAll() {
        return objects == null;
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
        return objects == null ? "WriteScope[all]" : "WriteScope" + objects;
    }
}
