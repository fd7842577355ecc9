package satin.rewriter;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * A method the rewritten class calls through a record: a spawned call, or the hop of one of its
 * own spawning methods onto the embedded node. Each gets one record class.
 *
 * @param opcode     how the record calls it when it does so directly
 * @param accessor     the name of a static method in the rewritten class that makes the call for
 *                     the record, when the record cannot (a private or super call, or a hop, which
 *                     must not dispatch virtually); null if the record calls directly
 * @param receiverType the type the record keeps the receiver as: the rewritten class when an
 *                     accessor calls non-virtually, else the call's owner
 */
record CallTarget(int opcode, String owner, String name, String desc, boolean itf, String accessor,
        String receiverType) {

    boolean hasReceiver() {
        return opcode != Opcodes.INVOKESTATIC;
    }

    Type[] arguments() {
        return Type.getArgumentTypes(desc);
    }

    Type result() {
        return Type.getReturnType(desc);
    }

    /** The accessor's descriptor: the receiver becomes the first argument. */
    String accessorDesc() {
        if (!hasReceiver()) {
            return desc;
        }
        Type[] args = arguments();
        Type[] withReceiver = new Type[args.length + 1];
        withReceiver[0] = Type.getObjectType(receiverType);
        System.arraycopy(args, 0, withReceiver, 1, args.length);
        return Type.getMethodDescriptor(result(), withReceiver);
    }
}
