/**
 * The wire: how nodes and the registry talk, over TCP between JVMs and over Netty's in-VM channels
 * within one.
 *
 * <p>One {@link satin.net.PipelineInitializer} builds every connection's pipeline from small
 * single-purpose pieces: on accepting ends the bound on connections still to prove the secret, the
 * {@link satin.net.FrameDecoder} (with a small limit before the handshake), {@link satin.net.MessageDecoder}
 * and {@link satin.net.MessageEncoder} (version and type byte, then the {@link satin.net.Message}),
 * the {@link satin.net.Handshake} that admits only peers proving the pool's secret, the
 * {@link satin.net.Coalescer} (only under {@code -Dsatin.coalesce}) that sends small messages to an
 * admitted peer within a window as one batch frame, delivery to an
 * {@link satin.net.Inbox}, and {@link satin.net.CloseOnError}, which closes a connection that broke
 * the protocol, with the reason logged, while the node goes on. {@link satin.net.Transport} listens
 * and connects. Nothing here knows jobs, workers or load balancers.
 *
 * <p>A TCP link may be TLS 1.3 with both ends authenticated, as the {@link satin.net.TlsPolicy}
 * says: the dialing end knows the peer's cluster and chooses; the accepting end learns it only from
 * the hello, so it tells TLS from plain by the first bytes (a plain dialer opens with a fixed
 * preamble), puts TLS in front when offered, and after the hello refuses a plain link the policy
 * wants encrypted. Certificates come from a CA derived from the pool secret, so a peer without the
 * secret fails in TLS before any decoder of ours sees a byte; the secret's handshake still runs
 * inside TLS, and tells who the peer is. In-VM channels have no wire and never use TLS.
 */
package satin.net;
