package satin.rewriter;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Finds the bytes of a class by its internal name ({@code java/lang/Object}), for the rewriter's
 * view of the class hierarchy: whether a called method is spawnable, and the common superclass
 * of two types when it computes stack map frames.
 */
@FunctionalInterface
public interface ClassFinder {

    /** The class file, or {@code null} if this finder does not have it. */
    byte[] find(String internalName);

    /** Asks this finder, then {@code next}. */
    default ClassFinder then(ClassFinder next) {
        return name -> {
            byte[] b = find(name);
            return b != null ? b : next.find(name);
        };
    }

    /** Classes a class loader can see as resources, the JDK's own included. */
    static ClassFinder of(ClassLoader loader) {
        return name -> {
            ClassLoader l = loader != null ? loader : ClassLoader.getSystemClassLoader();
            try (InputStream in = l.getResourceAsStream(name + ".class")) {
                return in == null ? null : in.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read class " + name, e);
            }
        };
    }

    /**
     * The running JDK's own classes ({@code java/util/ArrayList}), which no class path names but
     * stack map frames need, as the common superclass of two JDK types.
     */
    static ClassFinder jdk() {
        return of(ClassLoader.getPlatformClassLoader());
    }

    /** Classes in class-path entries, directories and jar files, then the running JDK's. */
    static ClassFinder of(List<Path> classPath) {
        return entries(classPath).then(jdk());
    }

    private static ClassFinder entries(List<Path> classPath) {
        List<ClassFinder> finders = new ArrayList<>();
        for (Path entry : classPath) {
            if (Files.isDirectory(entry)) {
                finders.add(name -> {
                    Path file = entry.resolve(name + ".class");
                    try {
                        return Files.isRegularFile(file) ? Files.readAllBytes(file) : null;
                    } catch (IOException e) {
                        throw new UncheckedIOException("cannot read " + file, e);
                    }
                });
            } else if (Files.isRegularFile(entry)) {
                finders.add(name -> {
                    try (ZipFile zip = new ZipFile(entry.toFile())) {
                        ZipEntry e = zip.getEntry(name + ".class");
                        if (e == null) {
                            return null;
                        }
                        try (InputStream in = zip.getInputStream(e)) {
                            return in.readAllBytes();
                        }
                    } catch (IOException e) {
                        throw new UncheckedIOException("cannot read " + entry, e);
                    }
                });
            }
        }
        return name -> {
            for (ClassFinder f : finders) {
                byte[] b = f.find(name);
                if (b != null) {
                    return b;
                }
            }
            return null;
        };
    }
}
