package satin.net;

import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.local.LocalChannel;
import io.netty.handler.codec.LengthFieldPrepender;
import satin.config.Settings;

/**
 * The one place where a connection's pipeline is assembled, the same for TCP and in-VM channels:
 * on an accepting end the bound on connections still to prove the secret, frames in and out (small
 * ones only until the handshake), the emulated wide-area delay (if any), coalescing (if on), messages
 * in and out, the handshake, failure detection, delivery to the inbox, and closing on errors. An
 * accepting end's initializer serves one listener, whose connections share the bound.
 */
public final class PipelineInitializer extends ChannelInitializer<Channel> {

    private static final MessageEncoder ENCODER = new MessageEncoder();
    private static final CloseOnError CLOSE_ON_ERROR = new CloseOnError();

    private final PoolIdentity self;
    private final boolean accepting;
    private final int maxFrame;
    /** The write requests a second one link may bring ({@code -Dsatin.writeBudget}). */
    private final long writesPerSecond;
    private final Inbox inbox;
    private final Traffic traffic;
    private final WanLinks wan;
    private final Liveness.Settings liveness;
    /** The accepting end's bound on connections awaiting their handshake; null on a connecting end. */
    private final Unproven unproven;
    private TlsPolicy tls;
    /** Whether a connecting end speaks TLS on a TCP link; set by {@link #toMember} and {@link #toRegistry}. */
    private boolean dialsTls;
    /** A connecting end's way through front-end relays; direct when null. */
    private RelayRoute route;
    /** How long a small message may wait for others to the same peer; 0: each leaves at once. */
    private long coalesceNanos;

    public PipelineInitializer(PoolIdentity self, boolean accepting, int maxFrame, Inbox inbox) {
        this(self, accepting, maxFrame, inbox, null, WanLinks.none());
    }

    /**
     * @param traffic where to count frames and bytes, or null
     * @param wan     the emulated wide-area links what this end sends may cross
     */
    public PipelineInitializer(PoolIdentity self, boolean accepting, int maxFrame, Inbox inbox, Traffic traffic,
            WanLinks wan) {
        this(self, accepting, maxFrame, inbox, traffic, wan, Liveness.Settings.DEFAULT);
    }

    /** @param liveness how long a peer may be silent, in the handshake and after it, before it is given up */
    public PipelineInitializer(PoolIdentity self, boolean accepting, int maxFrame, Inbox inbox, Traffic traffic,
            WanLinks wan, Liveness.Settings liveness) {
        this(self, accepting, maxFrame, inbox, traffic, wan, liveness, Unproven.Limits.fromProperties());
    }

    /** @param unproven how many connections of an accepting end may await their handshake at once */
    PipelineInitializer(PoolIdentity self, boolean accepting, int maxFrame, Inbox inbox, Traffic traffic,
            WanLinks wan, Liveness.Settings liveness, Unproven.Limits unproven) {
        this.unproven = accepting ? new Unproven(unproven) : null;
        this.liveness = liveness;
        this.self = self;
        this.accepting = accepting;
        this.maxFrame = maxFrame;
        this.inbox = inbox;
        this.traffic = traffic;
        this.wan = wan;
        this.tls = TlsPolicy.fromProperty();
        this.coalesceNanos = Coalescer.windowFromProperty();
        this.writesPerSecond = Settings.WRITE_BUDGET.longValue();
    }

    /** This initializer coalescing within {@code windowNanos} (0: not at all) rather than by {@code -Dsatin.coalesce}. */
    PipelineInitializer coalescing(long windowNanos) {
        this.coalesceNanos = windowNanos;
        return this;
    }

    /**
     * Makes this process's TLS keys and contexts for {@code self}'s pool ahead of its first link, unless
     * TLS is off or the process listens {@code at} an in-JVM address (its links have no wire, and the
     * class loading would only slow its start).
     */
    public static void prepareTls(PoolIdentity self, String at) {
        if (TlsPolicy.fromProperty() != TlsPolicy.OFF && !at.startsWith("local://")) {
            PoolTls.prepare(self);
        }
    }

    /** This initializer under {@code policy} rather than {@code -Dsatin.tls}'s. */
    PipelineInitializer policy(TlsPolicy policy) {
        this.tls = policy;
        return this;
    }

    /** A connecting end's initializer for a link to a member of {@code cluster} at {@code address}: TLS if the policy says so. */
    public PipelineInitializer toMember(String cluster, String address) {
        dialsTls = tls.requiredBetween(self.cluster(), cluster, () -> Transport.isLoopback(address));
        return this;
    }

    /**
     * Whether, under {@code -Dsatin.tls}, a node of {@code cluster} dials a member of
     * {@code otherCluster} at {@code address} over TLS (in-VM addresses never).
     */
    public static boolean dialsMemberOverTls(String cluster, String otherCluster, String address) {
        return !address.startsWith("local://")
                && TlsPolicy.fromProperty().requiredBetween(cluster, otherCluster, () -> Transport.isLoopback(address));
    }

    /**
     * A connecting end's initializer for a link to the registry at {@code address}: TLS unless it is
     * off, or, under {@code wan}, the registry is on this host (a loopback address: no wire to read).
     * The joining node does not know the registry's cluster, and what the registry says (who is in
     * the pool, where) steers every node's links; its few messages make the cost nothing but the
     * handshake's classes at start-up, which a pool on one host need not pay.
     */
    public PipelineInitializer toRegistry(String address) {
        dialsTls = registryOverTls(tls, address);
        return this;
    }

    /** Whether, under {@code -Dsatin.tls}, a node dials the registry at {@code address} over TLS. */
    public static boolean dialsRegistryOverTls(String address) {
        return !address.startsWith("local://") && registryOverTls(TlsPolicy.fromProperty(), address);
    }

    private static boolean registryOverTls(TlsPolicy tls, String address) {
        return tls == TlsPolicy.ALL || tls == TlsPolicy.WAN && !Transport.isLoopback(address);
    }

    /**
     * A connecting end's initializer for a link that goes {@code route}'s way: through its relays
     * first, if it has any (the transport then dials {@link RelayRoute#dialled()}).
     */
    public PipelineInitializer via(RelayRoute route) {
        this.route = route.relayed() ? route : null;
        return this;
    }

    @Override
    protected void initChannel(Channel ch) {
        ChannelPipeline p = ch.pipeline();
        boolean wire = !(ch instanceof LocalChannel);
        if (wire && !accepting && route != null) {
            p.addLast("relay", new RelayHop(self, route, liveness.timeoutNanos()));
        }
        if (unproven != null) {
            p.addLast("unproven", unproven);
        }
        if (wire && accepting) {
            p.addLast("tls-or-plain", new TlsOrPlain(tls == TlsPolicy.OFF ? null : () -> PoolTls.of(self).server(),
                    liveness.timeoutNanos()));
        } else if (wire && dialsTls) {
            p.addLast(TlsOrPlain.TLS_HANDLER, PoolTls.of(self).client());
        } else if (wire) {
            p.addLast("preamble", new PlainPreamble());
        }
        p.addLast("frames", new FrameDecoder(maxFrame));
        p.addLast("lengths", new LengthFieldPrepender(FrameFormat.LENGTH_BYTES));
        if (traffic != null) {
            // between the framing and the WAN emulator: one buffer per frame each way, counted
            // when it really leaves (after its emulated delay), not when it is queued
            p.addLast("traffic", traffic);
        }
        if (wan.emulates()) {
            p.addLast("wan", new WanEmulator(wan, self.cluster()));
        }
        if (coalesceNanos > 0) {
            // above the WAN emulator and the counters: a batch is one frame of its size to both
            p.addLast("coalescer", new Coalescer(coalesceNanos, maxFrame));
        }
        p.addLast("decoder", new MessageDecoder());
        p.addLast("encoder", ENCODER);
        if (wire && accepting) {
            p.addLast("tls-required", new TlsRequired(self.cluster(), tls));
        }
        p.addLast("handshake", new Handshake(self, accepting, liveness.timeoutNanos()));
        p.addLast("liveness", new Liveness(liveness));
        p.addLast("write-budget", new WriteBudget(writesPerSecond, System::nanoTime)); // after the handshake: a proven member's requests
        p.addLast("delivery", new Delivery(inbox));
        p.addLast("errors", CLOSE_ON_ERROR);
    }
}
