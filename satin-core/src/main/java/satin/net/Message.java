package satin.net;

import java.util.List;

/**
 * Everything nodes and the registry say to each other. Each message travels in a frame of its own
 * ({@link FrameFormat}); {@link MessageType} knows how each is written and read.
 */
public sealed interface Message {

    MessageType type();

    /** The accepting side's first word: prove that you know the pool's secret by signing this. */
    record Challenge(byte[] nonce) implements Message {
        public MessageType type() {
            return MessageType.CHALLENGE;
        }
    }

    /** Who connects, signed with the pool's secret over the challenge; and a challenge back. */
    record Hello(String pool, String node, String cluster, String address, byte[] nonce, byte[] mac)
            implements Message {
        public MessageType type() {
            return MessageType.HELLO;
        }
    }

    /** The accepting side proves it knows the secret too. */
    record Welcome(byte[] mac) implements Message {
        public MessageType type() {
            return MessageType.WELCOME;
        }
    }

    /** Why a connection is about to be closed. */
    record Refused(String reason) implements Message {
        public MessageType type() {
            return MessageType.REFUSED;
        }
    }

    /**
     * A node asks the registry to join the pool. {@code allow} is what its program allows to travel
     * besides the rewriter's records ({@code -Dsatin.allow}, in a canonical order): every member of
     * a pool must allow the same.
     */
    record Join(String name, String cluster, String address, boolean wantsMaster, String allow, int previousId)
            implements Message {
        /** A node that allows nothing beyond the records and Java's value and collection types. */
        public Join(String name, String cluster, String address, boolean wantsMaster) {
            this(name, cluster, address, wantsMaster, "");
        }

        /** A node joining for the first time ({@code previousId} -1). */
        public Join(String name, String cluster, String address, boolean wantsMaster, String allow) {
            this(name, cluster, address, wantsMaster, allow, -1);
        }

        public MessageType type() {
            return MessageType.JOIN;
        }
    }

    /** The registry's answer to a join: who you are, who the master is, who is there. */
    record Members(int you, int master, List<Member> members) implements Message {
        public MessageType type() {
            return MessageType.MEMBERS;
        }
    }

    record MemberJoined(Member member) implements Message {
        public MessageType type() {
            return MessageType.MEMBER_JOINED;
        }
    }

    /** A member left the pool; {@code died} when its connection broke without a goodbye. */
    record MemberGone(int id, boolean died) implements Message {
        public MessageType type() {
            return MessageType.MEMBER_GONE;
        }
    }

    /** The master's main returned: the run is over. From the master to the registry, and from it to all. */
    record Stop() implements Message {
        public MessageType type() {
            return MessageType.STOP;
        }
    }

    /** A node's statistics at the end of the run, as JSON, on their way to the master. */
    record Statistics(int node, String json) implements Message {
        public MessageType type() {
            return MessageType.STATISTICS;
        }
    }

    record Leave() implements Message {
        public MessageType type() {
            return MessageType.LEAVE;
        }
    }

    /**
     * A request for a job. Its number's bit {@link #PASSED_ON} marks one a member sends for another
     * thief whose request it passes on, so that a balancer that walks requests from the member first
     * asked only is not walked again from each member on the way (decision 0047).
     */
    record StealRequest(long request) implements Message {
        public static final long PASSED_ON = 1L << 62;

        public MessageType type() {
            return MessageType.STEAL_REQUEST;
        }

        public boolean passedOn() {
            return (request & PASSED_ON) != 0;
        }
    }

    /** A job for the thief, or {@code payload == null}: no work. */
    record StealReply(long request, long job, byte[] payload) implements Message {
        public MessageType type() {
            return MessageType.STEAL_REPLY;
        }
    }

    /** What a stolen job came to, back to the node it was stolen from: a value, or a failure. */
    record Result(long job, boolean failed, byte[] payload) implements Message {
        public MessageType type() {
            return MessageType.RESULT;
        }
    }

    /**
     * The answer to a job (stolen, pushed) or to a result that could not be read or written here
     * (a class this node does not allow, say): the job was not taken, and its owner runs it
     * itself. {@code reason} says what was refused and where.
     */
    record Declined(long job, String reason) implements Message {
        public MessageType type() {
            return MessageType.DECLINED;
        }
    }

    /** A job pushed to a node that did not ask for it (random pushing); its result comes back as for a steal. */
    record Push(long job, byte[] payload) implements Message {
        public MessageType type() {
            return MessageType.PUSH;
        }
    }

    /** The receiver of a pushed job has it: it is no longer in transit. */
    record PushReceived(long job) implements Message {
        public MessageType type() {
            return MessageType.PUSH_RECEIVED;
        }
    }

    /**
     * What one node's load balancer tells another's (a load report, for one): a kind the balancer
     * defines and a value. {@code from} is the sender's member id.
     */
    record BalancerNote(int from, int kind, long value) implements Message {
        public MessageType type() {
            return MessageType.BALANCER_NOTE;
        }
    }

    /**
     * From a member to the others, when the registry was lost: the member now keeps the pool's
     * registry at {@code address}, where every member joins again under its id.
     */
    record RegistryMoved(int host, String address) implements Message {
        public MessageType type() {
            return MessageType.REGISTRY_MOVED;
        }
    }

    /**
     * A result saved from abandoned work, for every member's table of known results: the digest of
     * the job's bytes, and the result's bytes as a thief would send them ({@code satin.steal.ResultTable}).
     */
    record ResultKnown(byte[] key, byte[] result) implements Message {
        public MessageType type() {
            return MessageType.RESULT_KNOWN;
        }
    }

    /**
     * A write of a shared object ({@code satin.shared}): the object's id, the write's place in the
     * object's order of writes, and its call (method and arguments, as {@code satin.codec.SharedCodec}
     * writes them). With sequence 0 it is a member's request to the master, which orders it; with
     * a sequence, the master's ordered write, which every replica applies in sequence order.
     */
    record SharedWrite(long object, long sequence, byte[] call) implements Message {
        public MessageType type() {
            return MessageType.SHARED_WRITE;
        }
    }

    /**
     * From the master to a member that joins, or may have missed writes: a shared object's state
     * and sequence, before any later write, and the number of the member's last request that the
     * master has taken (ordered, or refused), 0 if none: the state may hold writes whose orders the
     * member never got, and those requests are settled all the same. From a member to a master it
     * elected, a negative number instead: the member hands its replicas over (-1 a state, -2 the
     * end, whose bytes say each member's last request that its replicas applied).
     */
    record SharedState(byte[] state, long settledUpTo) implements Message {
        public MessageType type() {
            return MessageType.SHARED_STATE;
        }
    }

    /** Nothing but a sign of life, sent on a connection that has been quiet ({@link Liveness}). */
    record Heartbeat() implements Message {
        public MessageType type() {
            return MessageType.HEARTBEAT;
        }
    }

    /**
     * From the owner of a job to the node that has it: nobody waits for its result any more (the
     * node the owner had it from died), so it is abandoned, down its subtree.
     */
    record Abandon(long job) implements Message {
        public MessageType type() {
            return MessageType.ABANDON;
        }
    }

    /**
     * From the owner of a job to the node that has it: an earlier spawn of the invocation that
     * spawned it failed, so the sequential program never ran it (docs/decisions/0052). It is
     * cancelled down its subtree, and, unlike an abandoned job, nothing of it is kept: its owner
     * never runs it again.
     */
    record Cancel(long job) implements Message {
        public MessageType type() {
            return MessageType.CANCEL;
        }
    }

    /** A member of the pool. */
    record Member(int id, String name, String cluster, String address) {
    }
}
