package satin.launch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.TimeUnit;

/**
 * A registry's address in a file, for processes that start together and cannot be told it (the
 * tasks of an {@code srun}, jobs queued at once): the process that embeds the registry writes it
 * ({@code --registry-file}), the others wait for it ({@code --registry file:PATH}). The file is
 * written whole under another name and then renamed, so a reader never sees half an address; on a
 * file system shared by the hosts (the run directory of a cluster) every host finds it.
 */
final class RegistryFile {

    /** How a {@code --registry} value names a file rather than an address. */
    static final String PREFIX = "file:";
    private static final long POLL_MILLIS = 100;

    private RegistryFile() {
    }

    static boolean names(String registry) {
        return registry != null && registry.startsWith(PREFIX);
    }

    static void write(Path file, String address) {
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        try {
            Files.writeString(partial, address + "\n", StandardCharsets.UTF_8);
            Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new IllegalStateException("cannot write the registry's address to " + file + ": " + e.getMessage());
        }
    }

    /** The address in {@code file:PATH}, once the file exists; throws after {@code seconds} without it. */
    static String await(String registry, int seconds) throws InterruptedException {
        Path file = Path.of(registry.substring(PREFIX.length()));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (true) {
            String address = read(file);
            if (address != null) {
                return address;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("no registry address in " + file + " within " + seconds
                        + " s (--wait-seconds): the process that embeds the registry has not written it");
            }
            Thread.sleep(POLL_MILLIS);
        }
    }

    private static String read(Path file) {
        try {
            String text = Files.readString(file, StandardCharsets.UTF_8).strip();
            return text.isEmpty() ? null : text;
        } catch (IOException e) {
            return null; // not there yet
        }
    }
}
