package satin.rewriter;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * Rewrites every class of a directory or a jar, for the Maven plugin and the command line. All
 * problems of all classes are collected before anything is written, so that one build error lists
 * them all and a failed build leaves the classes as they were.
 */
public final class Batch {

    /** What a batch did. */
    public record Report(int classesRead, int classesRewritten, int recordsGenerated, List<Problem> problems) {

        public boolean failed() {
            return !problems.isEmpty();
        }

        public String summary() {
            return classesRewritten + " of " + classesRead + " classes rewritten, " + recordsGenerated
                    + " record classes generated";
        }
    }

    private Batch() {
    }

    /**
     * Rewrites the classes under {@code classes} in place.
     *
     * @param classPath  where the classes they use live (the directory itself is searched first)
     * @param originals  if not null, where to copy each class before it is rewritten: the
     *                   sequential program, for comparing results
     */
    public static Report rewriteDirectory(Path classes, List<Path> classPath, Path originals) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(classes)) {
            files = walk.filter(p -> p.toString().endsWith(".class")).sorted().toList();
        }
        Map<String, byte[]> input = new LinkedHashMap<>();
        for (Path f : files) {
            input.put(classes.relativize(f).toString().replace('\\', '/'), Files.readAllBytes(f));
        }
        List<Problem> stale = rewrittenBefore(classes, input, originals);
        if (!stale.isEmpty()) {
            return new Report(input.size(), 0, 0, stale);
        }
        List<Path> search = new ArrayList<>(List.of(classes));
        search.addAll(classPath);
        Map<String, byte[]> output = new LinkedHashMap<>();
        Report report = rewriteAll(input, ClassFinder.of(search), output);
        if (report.failed()) {
            return report;
        }
        for (Map.Entry<String, byte[]> e : output.entrySet()) {
            if (originals != null && input.containsKey(e.getKey())) {
                Path copy = originals.resolve(e.getKey());
                Files.createDirectories(copy.getParent());
                Files.write(copy, input.get(e.getKey()));
            }
            Path target = classes.resolve(e.getKey());
            Files.createDirectories(target.getParent());
            Files.write(target, e.getValue());
        }
        return report;
    }

    /**
     * An incremental build leaves classes that an earlier rewriter rewrote, when their sources did
     * not change; a marked class is never rewritten again, so they would keep the older code
     * shape against a newer runtime. Each is replaced in {@code input} by its original where one
     * was kept, or named as a problem. Generated record classes are simply generated again.
     */
    private static List<Problem> rewrittenBefore(Path classes, Map<String, byte[]> input, Path originals) throws IOException {
        List<Problem> problems = new ArrayList<>();
        for (Map.Entry<String, byte[]> e : input.entrySet()) {
            String by = Hierarchy.rewrittenBy(e.getValue());
            if (by == null || by.equals(Bytecode.VERSION) || RecordClasses.isGenerated(e.getKey())) {
                continue;
            }
            Path original = originals == null ? null : originals.resolve(e.getKey());
            if (original != null && Files.isRegularFile(original)) {
                e.setValue(Files.readAllBytes(original));
            } else {
                String name = e.getKey().substring(0, e.getKey().length() - ".class".length()).replace('/', '.');
                problems.add(new Problem(name, classes.resolve(e.getKey()).toString(), 0, "", "", "was rewritten by satin rewriter " + by + ", and this is "
                        + Bytecode.VERSION + ", which writes other code: compile it again (mvn clean) so that it is "
                        + "rewritten from its original"));
            }
        }
        return problems;
    }

    /** Writes a rewritten copy of the jar {@code in} to {@code out}; other entries are copied unchanged. */
    public static Report rewriteJar(Path in, Path out, List<Path> classPath) throws IOException {
        Map<String, byte[]> input = new LinkedHashMap<>();
        Map<String, byte[]> others = new LinkedHashMap<>();
        try (ZipFile zip = new ZipFile(in.toFile())) {
            Enumeration<? extends ZipEntry> entries = zip.entries();
            while (entries.hasMoreElements()) {
                ZipEntry e = entries.nextElement();
                if (e.isDirectory()) {
                    continue;
                }
                try (InputStream s = zip.getInputStream(e)) {
                    (e.getName().endsWith(".class") ? input : others).put(e.getName(), s.readAllBytes());
                }
            }
        }
        List<Path> search = new ArrayList<>(List.of(in));
        search.addAll(classPath);
        Map<String, byte[]> output = new LinkedHashMap<>();
        Report report = rewriteAll(input, ClassFinder.of(search), output);
        if (report.failed()) {
            return report;
        }
        Map<String, byte[]> all = new LinkedHashMap<>(others);
        all.putAll(input);
        all.putAll(output);
        try (OutputStream file = Files.newOutputStream(out); ZipOutputStream zip = new ZipOutputStream(file)) {
            for (Map.Entry<String, byte[]> e : all.entrySet()) {
                zip.putNextEntry(new ZipEntry(e.getKey()));
                zip.write(e.getValue());
                zip.closeEntry();
            }
        }
        return report;
    }

    /** Rewrites every class; {@code output} receives the changed and generated class files by path. */
    static Report rewriteAll(Map<String, byte[]> input, ClassFinder finder, Map<String, byte[]> output) {
        Rewriter rewriter = new Rewriter(finder);
        List<Problem> problems = new ArrayList<>();
        int rewritten = 0;
        int generated = 0;
        for (Map.Entry<String, byte[]> e : input.entrySet()) {
            Rewriter.Result r;
            try {
                r = rewriter.rewrite(e.getValue());
            } catch (RewriteException | UncheckedIOException ex) {
                throw new RewriteException(e.getKey() + ": " + ex.getMessage(), ex);
            }
            problems.addAll(r.problems());
            if (r.rewritten() != null) {
                rewritten++;
                output.put(r.className() + ".class", r.rewritten());
                for (Map.Entry<String, byte[]> g : r.generated().entrySet()) {
                    output.put(g.getKey() + ".class", g.getValue());
                    generated++;
                }
            }
        }
        return new Report(input.size(), rewritten, generated, List.copyOf(problems));
    }
}
