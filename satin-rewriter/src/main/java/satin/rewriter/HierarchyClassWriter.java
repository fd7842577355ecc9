package satin.rewriter;

import org.objectweb.asm.ClassWriter;

/** A class writer that computes frames from the rewriter's hierarchy instead of loading classes. */
final class HierarchyClassWriter extends ClassWriter {

    private final Hierarchy hierarchy;

    HierarchyClassWriter(Hierarchy hierarchy) {
        super(COMPUTE_FRAMES);
        this.hierarchy = hierarchy;
        // ASM's default bounds guard against hostile class files; these are the program's own, and
        // a rewritten method with dozens of handlers (spawns in nested switches and trys) needs
        // more than 10^8 steps of frame computation. Beyond these it is refused: too large.
        setComputeLimits(MAX_MEMORY, MAX_OPERATIONS);
    }

    private static final int MAX_MEMORY = 64 << 20;
    private static final long MAX_OPERATIONS = 2_000_000_000L;

    @Override
    protected String getCommonSuperClass(String type1, String type2) {
        return hierarchy.commonSuperClass(type1, type2);
    }
}
