/**
 * The wire: how nodes and the registry talk, over TCP between JVMs and over Netty's in-VM channels
 * within one.
 *
 * <p>One {@link satin.net.PipelineInitializer} builds every connection's pipeline from small
 * single-purpose pieces: on accepting ends the bound on connections still to prove the secret, the
 * {@link satin.net.FrameDecoder} (with a small limit before the handshake), {@link satin.net.MessageDecoder}
 * and {@link satin.net.MessageEncoder} (version and type byte, then the {@link satin.net.Message}),
 * the {@link satin.net.Handshake} that admits only peers proving the pool's secret, delivery to an
 * {@link satin.net.Inbox}, and {@link satin.net.CloseOnError}, which closes a connection that broke
 * the protocol, with the reason logged, while the node goes on. {@link satin.net.Transport} listens
 * and connects. Nothing here knows jobs, workers or load balancers.
 */
package satin.net;
