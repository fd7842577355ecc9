package satin.sim;

import java.util.List;
import java.util.Locale;
import satin.net.WanLinks;

/**
 * The network inside a cluster: the one-way latency and the bandwidth of each node's link to the
 * others (a node's messages occupy its own link one after another, as on a switched network where
 * the sender's interface is the bottleneck), an optional jitter, and what a wide-area message
 * costs beyond its emulated link. Presets ({@code docs/decisions/0020-simulator.md} gives the
 * sources):
 *
 * <ul>
 * <li>{@code myrinet}: van Nieuwpoort, Kielmann and Bal (PPoPP 2001) section 4, the DAS's Myrinet under Satin's RMI: a round trip of a
 * spawned invocation without parameters 37 us, at most 51.7 MB/s;
 * <li>{@code infiniband}: MPI over InfiniBand with PCI Express (Liu, Mamidala, Vishnu, Panda, IEEE
 * Micro 25(1), 2005): 4.1 us for a small message, about 970 MB/s on one port;
 * <li>{@code emulated}: this project's own nodes in one JVM over in-VM channels, as the emulated
 * runs of {@code ./bench balancers} measure them.
 * </ul>
 *
 * Custom values are written as WAN links are: {@code LATENCY/BANDWIDTH[/JITTER]}, for example
 * {@code 20us/50MB/s} or {@code 5us/1GB/s/1us}.
 *
 * @param name           the preset's name, or the text it was read from
 * @param latencyNanos   one way, per message
 * @param bytesPerSecond of each node's link
 * @param jitterNanos    standard deviation of the latency, 0 for none
 * @param wanExtraNanos  added to every wide-area message's emulated arrival
 */
public record Interconnect(String name, long latencyNanos, long bytesPerSecond, long jitterNanos, long wanExtraNanos) {

    public static final Interconnect MYRINET = new Interconnect("myrinet", 18_500, 51_700_000, 0, 0);
    public static final Interconnect INFINIBAND = new Interconnect("infiniband", 4_100, 970_000_000, 0, 0);
    /**
     * Calibrated on this machine's emulated 64-node runs (decision 0020): a steal's round trip
     * inside a cluster took 53 us on average (CHS, 156,000 of them, one cluster), so a message
     * takes 27 us through Netty's in-VM channels and event loops; wide-area steals took 0.7 ms more
     * than twice the configured latency (RS at 10 ms), the emulator's timer and the two event loops.
     */
    public static final Interconnect EMULATED = new Interconnect("emulated", 27_000, 1_000_000_000, 0, 350_000);

    public static final List<Interconnect> PRESETS = List.of(MYRINET, INFINIBAND, EMULATED);

    public Interconnect {
        if (latencyNanos < 0 || bytesPerSecond <= 0 || jitterNanos < 0 || wanExtraNanos < 0) {
            throw new IllegalArgumentException("an interconnect needs a latency >= 0, a bandwidth > 0, a jitter >= 0");
        }
    }

    /**
     * A preset by name or {@code LATENCY/BANDWIDTH[/JITTER]}.
     *
     * @throws IllegalArgumentException naming the text and what it should be
     */
    public static Interconnect parse(String text) {
        String t = text.trim();
        for (Interconnect p : PRESETS) {
            if (p.name.equalsIgnoreCase(t)) {
                return p;
            }
        }
        if (!t.contains("/") || t.contains("=") || t.contains(",")) {
            throw new IllegalArgumentException("interconnect '" + text + "' is neither a preset (myrinet, infiniband,"
                    + " emulated) nor LATENCY/BANDWIDTH[/JITTER] like 20us/50MB/s");
        }
        WanLinks.Spec s;
        try {
            s = WanLinks.parse(t).spec("a", "b");
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("interconnect '" + text + "' is not LATENCY/BANDWIDTH[/JITTER] like 20us/50MB/s"
                    + " or 5us/1GB/s/1us (" + e.getMessage() + ")", e);
        }
        return new Interconnect(t.toLowerCase(Locale.ROOT), s.latencyNanos(), s.bytesPerSecond(), s.jitterNanos(), 0);
    }

    @Override
    public String toString() {
        return name;
    }
}
