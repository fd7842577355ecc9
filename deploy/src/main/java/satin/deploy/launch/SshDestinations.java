package satin.deploy.launch;

import java.io.IOException;
import java.io.File;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Where ssh really goes for a destination, as ssh itself resolves it: an alias of
 * {@code ~/.ssh/config} (or of {@code -F FILE}) names a host only through its {@code HostName},
 * which {@code ssh -G} prints. The nodes of a host are announced there, since that is the one
 * address of the host the launcher knows to reach: a compute node's own name often resolves
 * nowhere else, and then it would announce itself as {@code localhost}.
 */
public final class SshDestinations {

    /** What ssh reaches a destination at: the host name ssh dials, and its address here if it resolves. */
    public record Reached(String hostName, String address, boolean loopback) {

        /** The address if it resolves here, else the name (which a jump host may resolve). */
        public String announced() {
            return address == null ? hostName : address.contains(":") ? "[" + address + "]" : address;
        }
    }

    /** Looks destinations up; a stand-in in tests, {@link #ssh(String)} for real runs. */
    public interface Resolver {
        /** Where ssh with these options reaches the destination; null if that cannot be told. */
        Reached reached(List<String> sshOptions, String destination);
    }

    /** Tells nothing: every process finds its own address (the builder's default, for exact command lines). */
    public static final Resolver UNKNOWN = (options, destination) -> null;

    private static final long SECONDS = 30;

    private SshDestinations() {
    }

    /** Asks {@code ssh -G}, once per options and destination. */
    public static Resolver ssh(String program) {
        ConcurrentHashMap<List<String>, java.util.Optional<Reached>> known = new ConcurrentHashMap<>();
        return (options, destination) -> {
            List<String> key = new ArrayList<>(options);
            key.add(destination);
            return known.computeIfAbsent(key, k -> java.util.Optional.ofNullable(ask(program, options, destination)))
                    .orElse(null);
        };
    }

    private static Reached ask(String program, List<String> options, String destination) {
        List<String> command = new ArrayList<>(List.of(program, "-G"));
        command.addAll(options);
        command.add(destination);
        Path printed = null;
        try {
            // into a file, so that the wait is bounded even if ssh (a Match exec, say) never closes its output
            printed = Files.createTempFile("satin-ssh-G-", ".txt");
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(printed.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
            if (!p.waitFor(SECONDS, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                return null;
            }
            String name = hostName(Files.readString(printed, StandardCharsets.UTF_8));
            return name == null ? null : resolve(name);
        } catch (IOException e) {
            return null; // no ssh client here: the processes find their addresses themselves
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } finally {
            if (printed != null) {
                printed.toFile().delete();
            }
        }
    }

    /** The {@code hostname} line of {@code ssh -G}'s output; null if there is none. */
    static String hostName(String printed) {
        for (String line : printed.split("\n")) {
            String[] words = line.strip().split("\\s+", 2);
            if (words.length == 2 && words[0].toLowerCase(Locale.ROOT).equals("hostname")) {
                return words[1].strip();
            }
        }
        return null;
    }

    /** Whether a host, as announced ({@code [::1]} in brackets too), is this machine's loopback. */
    static boolean isLoopback(String host) {
        return resolve(host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host)
                .loopback();
    }

    /** A host name with its address here, if it has one. */
    static Reached resolve(String hostName) {
        try {
            InetAddress a = InetAddress.getByName(hostName);
            return new Reached(hostName, a.getHostAddress(), a.isLoopbackAddress());
        } catch (UnknownHostException | SecurityException e) {
            return new Reached(hostName, null, hostName.equalsIgnoreCase("localhost"));
        }
    }
}
