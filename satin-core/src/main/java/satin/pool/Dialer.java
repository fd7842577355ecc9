package satin.pool;

import io.netty.channel.ChannelFuture;
import satin.net.PipelineInitializer;

/**
 * How this node opens a connection to a member's address. The pool dials through the shared
 * transport; a test dials through a faulty path instead, to see links that fail to form and form
 * again, without a hook in the transport.
 */
@FunctionalInterface
interface Dialer {

    /** The shared transport's connect: what every node of a real pool uses. */
    Dialer TRANSPORT = (address, initializer) -> SharedTransport.get().connectAsync(address, initializer);

    ChannelFuture dial(String address, PipelineInitializer initializer);
}
