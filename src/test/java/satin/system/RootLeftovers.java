package satin.system;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * What README commands run from the project's root leave there (results directories, statistics,
 * a secret), put back as it was when the test ends: what was there before stays or is restored,
 * what the commands added is deleted. The commands must run from the root as written, and a
 * developer's own results there must survive the tests.
 */
final class RootLeftovers implements AutoCloseable {

    private final Path root;
    private final List<String> names;
    private final Set<Path> before = new HashSet<>();
    private final Map<Path, Path> links = new HashMap<>();
    /**
     * Files the commands write over, those named (satin-stats.json): their contents before. Files
     * below a named directory are new ones or left alone, and a developer's results there may be large.
     */
    private final Map<Path, byte[]> contents = new HashMap<>();

    RootLeftovers(Path root, String... names) throws IOException {
        this.root = root;
        this.names = List.of(names);
        for (String name : names) {
            Path named = root.resolve(name);
            if (Files.isRegularFile(named, LinkOption.NOFOLLOW_LINKS)) {
                contents.put(named, Files.readAllBytes(named));
            }
            for (Path p : below(named)) {
                before.add(p);
                if (Files.isSymbolicLink(p)) {
                    links.put(p, Files.readSymbolicLink(p));
                }
            }
        }
    }

    @Override
    public void close() throws IOException {
        for (String name : names) {
            // children before their parents: a new directory is empty when its turn comes
            List<Path> now = below(root.resolve(name)).stream().sorted(Comparator.reverseOrder()).toList();
            for (Path p : now) {
                if (!before.contains(p)) {
                    Files.delete(p);
                } else if (links.containsKey(p) && !links.get(p).equals(Files.readSymbolicLink(p))) {
                    Files.delete(p);
                    Files.createSymbolicLink(p, links.get(p));
                } else if (contents.containsKey(p)) {
                    Files.write(p, contents.get(p));
                }
            }
        }
    }

    /** {@code p} and everything below it, links not followed; nothing if it is not there. */
    private static List<Path> below(Path p) throws IOException {
        if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        try (Stream<Path> all = Files.walk(p)) {
            return all.toList();
        }
    }
}
