package satin.rewriter;

import java.util.List;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;

/**
 * Every member of satin-core that rewritten code and generated records use, by owner, name and
 * descriptor. The rewriter spells them as strings that no compiler checks against the runtime, so
 * they live here, once, where {@code RuntimeCallsTest} resolves each of them against the real
 * classes: a renamed runtime method fails that test instead of a user's program at link time.
 */
enum RuntimeCalls {

    WORKER_CURRENT(Kind.STATIC, RuntimeCalls.WORKER, "current", "()L" + RuntimeCalls.WORKER + ";"),
    WORKER_DEQUE(Kind.VIRTUAL, RuntimeCalls.WORKER, "deque", "()L" + RuntimeCalls.DEQUE + ";"),
    WORKER_HOP(Kind.STATIC, RuntimeCalls.WORKER, "hop", "(L" + RuntimeCalls.RECORD + ";)V"),
    WORKER_SPAWN(Kind.VIRTUAL, RuntimeCalls.WORKER, "spawn", "(L" + RuntimeCalls.RECORD + ";)V"),
    WORKER_JOIN_STOLEN(Kind.VIRTUAL, RuntimeCalls.WORKER, "joinStolen", "(I)[L" + RuntimeCalls.RECORD + ";"),
    WORKER_SYNC_RECORDS(Kind.VIRTUAL, RuntimeCalls.WORKER, "syncRecords", "(I)[L" + RuntimeCalls.RECORD + ";"),
    WORKER_SETTLE(Kind.STATIC, RuntimeCalls.WORKER, "settle", "([L" + RuntimeCalls.RECORD + ";I)I"),
    WORKER_LEAVE(Kind.VIRTUAL, RuntimeCalls.WORKER, "leave", "(ILjava/lang/Throwable;)Ljava/lang/Throwable;"),

    DEQUE_HEAD(Kind.VIRTUAL, RuntimeCalls.DEQUE, "head", "()I"),
    DEQUE_CLAIM(Kind.VIRTUAL, RuntimeCalls.DEQUE, "claim", "()Ljava/lang/Object;"),
    DEQUE_PUSH(Kind.VIRTUAL, RuntimeCalls.DEQUE, "push", "()V"),
    DEQUE_POP(Kind.VIRTUAL, RuntimeCalls.DEQUE, "pop", "()Z"),

    SLOT_DESCRIBE(Kind.VIRTUAL, RuntimeCalls.SLOT, "describe",
            "(L" + RuntimeCalls.FACTORY + ";ILjava/lang/Object;)V"),
    SLOT_RECEIVER(Kind.FIELD, RuntimeCalls.SLOT, "receiver", "Ljava/lang/Object;"),
    SLOT_RECORD(Kind.FIELD, RuntimeCalls.SLOT, "record", "L" + RuntimeCalls.RECORD + ";"),
    SLOT_J0(Kind.FIELD, RuntimeCalls.SLOT, "j0", "J"),
    SLOT_J1(Kind.FIELD, RuntimeCalls.SLOT, "j1", "J"),
    SLOT_J2(Kind.FIELD, RuntimeCalls.SLOT, "j2", "J"),
    SLOT_J3(Kind.FIELD, RuntimeCalls.SLOT, "j3", "J"),
    SLOT_A0(Kind.FIELD, RuntimeCalls.SLOT, "a0", "Ljava/lang/Object;"),
    SLOT_A1(Kind.FIELD, RuntimeCalls.SLOT, "a1", "Ljava/lang/Object;"),
    SLOT_A2(Kind.FIELD, RuntimeCalls.SLOT, "a2", "Ljava/lang/Object;"),
    SLOT_A3(Kind.FIELD, RuntimeCalls.SLOT, "a3", "Ljava/lang/Object;"),

    RECORD_CONSTRUCTOR(Kind.SUPER_CONSTRUCTOR, RuntimeCalls.RECORD, "<init>", "()V"),
    RECORD_INVOKE(Kind.OVERRIDDEN, RuntimeCalls.RECORD, "invoke", "()V"),
    RECORD_DELIVER(Kind.OVERRIDDEN, RuntimeCalls.RECORD, "deliver", "()V"),
    RECORD_AT_SITE(Kind.VIRTUAL, RuntimeCalls.RECORD, "atSite", "(I)L" + RuntimeCalls.RECORD + ";"),
    RECORD_FAILURE(Kind.VIRTUAL, RuntimeCalls.RECORD, "failure", "()Ljava/lang/Throwable;"),
    FACTORY_CAPTURE(Kind.OVERRIDDEN, RuntimeCalls.FACTORY, "capture",
            "(L" + RuntimeCalls.SLOT + ";)L" + RuntimeCalls.RECORD + ";"),

    FAILURES_EARLIER(Kind.STATIC, RuntimeCalls.FAILURES, "earlier",
            "(L" + RuntimeCalls.SPAWN_EXCEPTION + ";Ljava/lang/Throwable;)L" + RuntimeCalls.SPAWN_EXCEPTION + ";"),
    FAILURES_STOLEN(Kind.STATIC, RuntimeCalls.FAILURES, "stolen",
            "([L" + RuntimeCalls.RECORD + ";L" + RuntimeCalls.SPAWN_EXCEPTION + ";)L" + RuntimeCalls.SPAWN_EXCEPTION + ";"),
    FAILURES_FIRST_FAILED(Kind.STATIC, RuntimeCalls.FAILURES, "firstFailed", "([L" + RuntimeCalls.RECORD + ";I)I"),
    FAILURES_UNWRAPPED(Kind.STATIC, RuntimeCalls.FAILURES, "unwrapped",
            "(L" + RuntimeCalls.SPAWN_EXCEPTION + ";)Ljava/lang/Throwable;"),
    FAILURES_SITE_OF(Kind.STATIC, RuntimeCalls.FAILURES, "siteOf", "([L" + RuntimeCalls.RECORD + ";I)I"),

    /** Asked first thing in every write method of a shared object: whether the call goes to the pool. */
    SHARED_FORWARDS(Kind.VIRTUAL, RuntimeCalls.SHARED_OBJECT, "satin$forwards", "()Z"),
    /** Hands a write's call (name and descriptor, arguments boxed) to the pool. */
    SHARED_FORWARD(Kind.VIRTUAL, RuntimeCalls.SHARED_OBJECT, "satin$forward", "(Ljava/lang/String;[Ljava/lang/Object;)V"),

    /** Waits for the replicas to change while a guarded method's guard does not hold; returns when it started waiting. */
    GUARDS_AWAIT(Kind.STATIC, RuntimeCalls.GUARDS, "await", "(JLjava/lang/String;)J"),

    /** Not called by rewritten code but recognised in the program: every call to it is a sync. */
    SATIN_SYNC(Kind.STATIC, RuntimeCalls.SATIN, "sync", "()V"),
    /** Recognised like {@link #SATIN_SYNC}, on SatinObject and its subclasses. */
    SATIN_OBJECT_SYNC(Kind.VIRTUAL, RuntimeCalls.SATIN_OBJECT, "sync", "()V");

    /** How rewritten code or a generated record reaches a member, which decides what the runtime must allow. */
    enum Kind {
        /** Called with invokestatic from any package. */
        STATIC(Opcodes.INVOKESTATIC),
        /** Called with invokevirtual from any package. */
        VIRTUAL(Opcodes.INVOKEVIRTUAL),
        /** Called with invokespecial by the constructor of a generated subclass in another package. */
        SUPER_CONSTRUCTOR(Opcodes.INVOKESPECIAL),
        /** Implemented by a generated record in another package. */
        OVERRIDDEN(-1),
        /** An instance field read and written from any package. */
        FIELD(-1);

        final int opcode;

        Kind(int opcode) {
            this.opcode = opcode;
        }
    }

    static final String WORKER = "satin/runtime/Worker";
    static final String DEQUE = "satin/deque/WorkDeque";
    static final String SLOT = "satin/runtime/Slot";
    static final String RECORD = "satin/runtime/InvocationRecord";
    static final String FACTORY = "satin/runtime/RecordFactory";
    static final String FAILURES = "satin/runtime/Failures";
    static final String SPAWN_EXCEPTION = "satin/SpawnException";
    static final String SATIN = "satin/Satin";
    static final String SATIN_OBJECT = "satin/SatinObject";
    static final String SHARED_OBJECT = "satin/SharedObject";
    static final String GUARDS = "satin/shared/Guards";
    /** The annotation that makes a method of a shared object a write, as a descriptor. */
    static final String WRITE = "Lsatin/Write;";
    /** The annotation that makes a method spawnable, as a descriptor. */
    static final String SPAWNABLE = "Lsatin/Spawnable;";
    /** The annotation the rewriter marks its classes with, as a descriptor. */
    static final String REWRITTEN = "Lsatin/Rewritten;";

    /** Every runtime type the rewriter names, members' owners or not, as internal names or descriptors. */
    static final List<String> TYPES = List.of(WORKER, DEQUE, SLOT, RECORD, FACTORY, FAILURES, SPAWN_EXCEPTION, SATIN,
            SATIN_OBJECT, SHARED_OBJECT, GUARDS, SPAWNABLE, WRITE, REWRITTEN);

    private static final List<RuntimeCalls> SLOT_LONGS = List.of(SLOT_J0, SLOT_J1, SLOT_J2, SLOT_J3);
    private static final List<RuntimeCalls> SLOT_REFERENCES = List.of(SLOT_A0, SLOT_A1, SLOT_A2, SLOT_A3);

    final Kind kind;
    final String owner;
    /** The member's name; {@code name()} is the constant's own. */
    final String member;
    final String desc;

    RuntimeCalls(Kind kind, String owner, String member, String desc) {
        this.kind = kind;
        this.owner = owner;
        this.member = member;
        this.desc = desc;
    }

    /** The slot field that keeps the {@code n}th primitive argument of a fast-form spawn, as raw long bits. */
    static RuntimeCalls slotLong(int n) {
        return SLOT_LONGS.get(n);
    }

    /** The slot field that keeps the {@code n}th reference argument of a fast-form spawn. */
    static RuntimeCalls slotReference(int n) {
        return SLOT_REFERENCES.get(n);
    }

    /** The call of this method, as rewritten code makes it. */
    MethodInsnNode call() {
        if (kind.opcode < 0) {
            throw new IllegalStateException(this + " is not called by rewritten code");
        }
        return new MethodInsnNode(kind.opcode, owner, member, desc);
    }

    /** Whether {@code call} calls this method, as the program wrote it. */
    boolean isCalledBy(MethodInsnNode call) {
        return call.getOpcode() == kind.opcode && call.owner.equals(owner) && call.name.equals(member)
                && call.desc.equals(desc);
    }

    FieldInsnNode get() {
        return field(Opcodes.GETFIELD);
    }

    FieldInsnNode put() {
        return field(Opcodes.PUTFIELD);
    }

    private FieldInsnNode field(int opcode) {
        if (kind != Kind.FIELD) {
            throw new IllegalStateException(this + " is not a field");
        }
        return new FieldInsnNode(opcode, owner, member, desc);
    }
}
