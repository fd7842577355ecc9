package satin.deploy.launch;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * The pool's secret in a temporary file only its owner may read, for the members this machine
 * starts: passed by name, it stays off their command lines, which anyone on the host can see.
 */
final class SecretFile {

    private SecretFile() {
    }

    static Path write(String secret) throws IOException {
        Path file;
        try {
            file = Files.createTempFile("satin-secret-", ".txt",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException e) {
            file = Files.createTempFile("satin-secret-", ".txt");
        }
        Files.writeString(file, secret, StandardCharsets.UTF_8);
        return file;
    }

    /** Deletes the file, if there is one. */
    static void delete(Path file) {
        try {
            if (file != null) {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the secret file " + file, e);
        }
    }
}
