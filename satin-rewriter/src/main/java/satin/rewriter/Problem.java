package satin.rewriter;

import org.objectweb.asm.Type;

/**
 * Something in a program that cannot be given Satin's semantics, found by the rewriter: where it
 * is (source file and line, class, method) and what is wrong. The build fails with every problem
 * listed; nothing is rewritten into bytecode that would compute something else.
 */
public record Problem(String className, String sourceFile, int line, String methodName, String methodDescriptor,
        String message) {

    /** The method as a person reads it: {@code fib(int)}. */
    public String method() {
        StringBuilder b = new StringBuilder(methodName.equals("<init>") ? "constructor" : methodName).append('(');
        Type[] args = Type.getArgumentTypes(methodDescriptor);
        for (int i = 0; i < args.length; i++) {
            b.append(i > 0 ? ", " : "").append(simple(args[i].getClassName()));
        }
        return b.append(')').toString();
    }

    @Override
    public String toString() {
        if (methodName.isEmpty()) { // about the class as a whole; the file is the class file
            return sourceFile + ": " + className.replace('/', '.') + ": " + message;
        }
        String where = (sourceFile != null ? sourceFile : "?") + ":"
                + (line > 0 ? Integer.toString(line) : "(no line: compiled without -g, line numbers unknown)");
        return where + ": " + className.replace('/', '.') + "." + method() + ": " + message;
    }

    static String simple(String className) {
        int dot = className.lastIndexOf('.');
        return dot < 0 ? className : className.substring(dot + 1);
    }
}
