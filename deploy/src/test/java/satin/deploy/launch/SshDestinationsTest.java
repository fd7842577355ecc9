package satin.deploy.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where ssh goes for a destination, read from {@code ssh -G} as ssh itself resolves aliases. */
class SshDestinationsTest {

    @Test
    void theHostNameLineOfSshGIsWhereSshGoes() {
        String printed = "user me\nhostname 10.1.2.3\nport 22\nproxyjump none\n";
        assertEquals("10.1.2.3", SshDestinations.hostName(printed));
        assertNull(SshDestinations.hostName("user me\nport 22\n"));
    }

    @Test
    void anAddressIsAnnouncedAsItIsAndLoopbackIsKnownAsSuch() {
        SshDestinations.Reached v4 = SshDestinations.resolve("10.1.2.3");
        assertEquals("10.1.2.3", v4.announced());
        assertFalse(v4.loopback());
        assertTrue(SshDestinations.resolve("127.0.0.1").loopback());
        assertTrue(SshDestinations.resolve("localhost").loopback());
        String v6 = SshDestinations.resolve("::1").announced();
        assertTrue(v6.startsWith("[") && v6.endsWith("]"), "an IPv6 address in brackets, as in a URI: " + v6);
        SshDestinations.Reached unknown = SshDestinations.resolve("no-such-host.invalid");
        assertEquals("no-such-host.invalid", unknown.announced(), "a name only a jump host may resolve stays a name");
        assertFalse(unknown.loopback());
    }

    /** An alias of an ssh config, through the real ssh client when this machine has one. */
    @Test
    void anAliasLeadsToItsHostName(@TempDir Path dir) throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/ssh")),
                "no ssh client here to ask");
        Path config = dir.resolve("ssh_config");
        Files.writeString(config, "Host east-1\n  HostName 10.213.7.11\n  User nobody\n");
        SshDestinations.Reached r = SshDestinations.ssh("ssh").reached(List.of("-F", config.toString()), "east-1");
        assertEquals("10.213.7.11", r.announced());
        assertFalse(r.loopback());
    }
}
