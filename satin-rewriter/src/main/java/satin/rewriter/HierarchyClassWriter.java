package satin.rewriter;

import org.objectweb.asm.ClassWriter;

/** A class writer that computes frames from the rewriter's hierarchy instead of loading classes. */
final class HierarchyClassWriter extends ClassWriter {

    private final Hierarchy hierarchy;

    HierarchyClassWriter(Hierarchy hierarchy) {
        super(COMPUTE_FRAMES);
        this.hierarchy = hierarchy;
    }

    @Override
    protected String getCommonSuperClass(String type1, String type2) {
        return hierarchy.commonSuperClass(type1, type2);
    }
}
