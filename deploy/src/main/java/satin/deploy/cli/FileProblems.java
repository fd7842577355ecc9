package satin.deploy.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Locale;

/**
 * What a file operation that failed says to a person: the path and what is wrong with it, in
 * words. The JDK's exceptions name the path alone ({@code FileAlreadyExistsException: out}), or
 * the path with the system's reason, which hides which part of it is in the way.
 */
final class FileProblems {

    private FileProblems() {
    }

    static String describe(IOException e) {
        if (!(e instanceof FileSystemException fs) || fs.getFile() == null) {
            return String.valueOf(e.getMessage());
        }
        String file = fs.getFile();
        boolean wantsDirectory = e instanceof FileAlreadyExistsException || e instanceof NotDirectoryException
                || "Not a directory".equalsIgnoreCase(fs.getReason());
        String inTheWay = wantsDirectory ? fileInTheWay(file) : null;
        if (inTheWay != null) {
            return file + ": not a directory (" + inTheWay + " is a file)";
        }
        if (e instanceof NoSuchFileException) {
            return file + ": no such file or directory";
        }
        if (e instanceof AccessDeniedException) {
            return file + ": permission denied";
        }
        if (e instanceof NotDirectoryException) {
            return file + ": not a directory";
        }
        if (e instanceof FileAlreadyExistsException) {
            return file + ": exists already";
        }
        String reason = fs.getReason();
        return file + (fs.getOtherFile() == null ? "" : " -> " + fs.getOtherFile()) + ": "
                + (reason == null ? e.getClass().getSimpleName() : reason.toLowerCase(Locale.ROOT));
    }

    /**
     * Where a directory was wanted: the path itself or its nearest ancestor that is there, if that
     * is a file.
     */
    private static String fileInTheWay(String file) {
        Path p;
        try {
            p = Paths.get(file);
        } catch (RuntimeException notAPath) {
            return null;
        }
        for (Path q = p; q != null; q = q.getParent()) {
            if (Files.exists(q)) {
                return Files.isDirectory(q) ? null : q.toString();
            }
        }
        return null;
    }
}
