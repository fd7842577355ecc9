package satin.rewriter;

import java.util.List;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * One call to a spawnable method in a method being rewritten, and where its result goes.
 *
 * <p>The result's target is read off the instructions right after the call: an optional chain of
 * conversions (a cast, a primitive widening or narrowing, boxing or unboxing), then a store into
 * a local, an array element or a field, or a pop; a void call has none. Anything else uses the
 * result inside an expression, which a spawn cannot give a value to before the sync.
 */
final class SpawnSite {

    enum Target {
        LOCAL, ARRAY_ELEMENT, FIELD, STATIC_FIELD, DISCARDED, VOID
    }

    final int id;
    final MethodInsnNode call;
    final Target target;
    /** Conversions between the call and the store, replayed on the result when it is stored. */
    final List<AbstractInsnNode> conversions;
    /** The store or pop that takes the result, or null for a void call. */
    final AbstractInsnNode consumer;
    final int line;
    /** Can be reached again without a sync in between: its spawns pile up, so it needs record form. */
    boolean inLoop;
    /** Index of the record class of its call target. */
    int recordClass = -1;
    /** The receiver is {@code this}, which no instruction of the method reassigns: no local needed to keep it. */
    boolean receiverIsThis;
    /** For a record-form spawn into an array element: its own record class, which stores the result. */
    String arraySiteClass;

    SpawnSite(int id, MethodInsnNode call, Target target, List<AbstractInsnNode> conversions,
            AbstractInsnNode consumer, int line) {
        this.id = id;
        this.call = call;
        this.target = target;
        this.conversions = conversions;
        this.consumer = consumer;
        this.line = line;
    }

    boolean hasReceiver() {
        return call.getOpcode() != Opcodes.INVOKESTATIC;
    }

    Type[] argumentTypes() {
        return Type.getArgumentTypes(call.desc);
    }

    Type returnType() {
        return Type.getReturnType(call.desc);
    }

    /**
     * The type of the value its store takes, once converted: the result is kept in a local of
     * this type from the call until the sync delivers it; null when nothing is stored.
     */
    Type storedType() {
        if (target == Target.VOID || target == Target.DISCARDED) {
            return null;
        }
        if (consumer instanceof FieldInsnNode f) {
            Type t = Type.getType(f.desc);
            return switch (t.getSort()) {
                case Type.BOOLEAN, Type.BYTE, Type.CHAR, Type.SHORT -> Type.INT_TYPE;
                case Type.OBJECT, Type.ARRAY -> Type.getObjectType("java/lang/Object");
                default -> t;
            };
        }
        return switch (consumer.getOpcode()) {
            case Opcodes.LSTORE, Opcodes.LASTORE -> Type.LONG_TYPE;
            case Opcodes.FSTORE, Opcodes.FASTORE -> Type.FLOAT_TYPE;
            case Opcodes.DSTORE, Opcodes.DASTORE -> Type.DOUBLE_TYPE;
            case Opcodes.ASTORE, Opcodes.AASTORE -> Type.getObjectType("java/lang/Object");
            default -> Type.INT_TYPE;
        };
    }

    /** Slots the local target takes: 2 for long and double. */
    int localSize() {
        int op = consumer.getOpcode();
        return op == Opcodes.LSTORE || op == Opcodes.DSTORE ? 2 : 1;
    }

    /** The local variable slot of a local target. */
    int local() {
        return ((org.objectweb.asm.tree.VarInsnNode) consumer).var;
    }

    FieldInsnNode field() {
        return (FieldInsnNode) consumer;
    }

    /** Values on the stack under the receiver and arguments that the store needs: array and index, or object. */
    int targetOperands() {
        return switch (target) {
            case ARRAY_ELEMENT -> 2;
            case FIELD -> 1;
            default -> 0;
        };
    }

    /** Whether the slot's fields can carry the arguments (else the spawn builds its record). */
    boolean fitsSlot() {
        int primitives = 0;
        int references = 0;
        for (Type t : argumentTypes()) {
            if (t.getSort() == Type.OBJECT || t.getSort() == Type.ARRAY) {
                references++;
            } else {
                primitives++;
            }
        }
        return primitives <= 4 && references <= 4;
    }
}
