package satin.deploy.launch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a JDK keeps a pool process's classes in between runs. JDK 17 has the dynamic class-data
 * archive (decision 0026); from JDK 25 on, the ahead-of-time cache (JEP 483, JEP 514, JEP 515;
 * decision 0049) keeps the classes linked as well and the training run's method profiles, so a
 * JVM starts further along. Both are made by the run's master at its exit and checked, named and
 * used alike; only the JVM's options and the file's name differ.
 */
enum ArchiveFormat {

    /**
     * JDK 17's dynamic AppCDS archive. A training JVM lists every class it cannot archive (signed
     * jars, old class files): noise for the run.
     */
    CLASS_DATA(".jsa", "class-data archive", List.of("-XX:ArchiveClassesAtExit=" + Template.FILE),
            List.of("-XX:SharedArchiveFile=" + Template.FILE, "-Xshare:auto"),
            List.of("-Xshare:on", "-XX:SharedArchiveFile=" + Template.FILE),
            List.of("-Xlog:cds=off:stderr", "-Xlog:cds+dynamic=off:stderr"), List.of()),

    /**
     * JDK 25's AOT cache, recorded and created by one command ({@code -XX:AOTCacheOutput}, JEP 514),
     * which writes its configuration beside the cache and starts a JVM to create it. Given a cache,
     * a JVM is in AOTMode auto: one that cannot use it warns (to stderr, as every process's
     * warnings) and runs on; the check is in mode on, where it is an error, undecorated so that its
     * reason reads as a sentence. The JVM says on the tty, which is stdout, that it recorded and
     * then created the cache, and so does the JVM it starts for that (it gets the same options):
     * stdout is the program's output. Its [aot] warnings list every class it leaves out (JFR
     * events, proxies, Kryo's old class files): noise.
     */
    AOT_CACHE(".aot", "ahead-of-time cache", List.of("-XX:AOTCacheOutput=" + Template.FILE),
            List.of("-XX:AOTCache=" + Template.FILE),
            List.of("-XX:AOTMode=on", "-XX:AOTCache=" + Template.FILE, "-Xlog:disable", "-Xlog:all=warning:stdout:none"),
            List.of("-XX:+DisplayVMOutputToStderr", "-Xlog:aot*=off:stderr"), List.of(".config"));

    /** Where the file's path goes in an option. */
    private static final class Template {
        static final String FILE = "{file}";
    }

    /** {@code JAVA_VERSION="25.0.3"} in a JDK's release file: its feature release. */
    private static final Pattern VERSION = Pattern.compile("(?m)^JAVA_VERSION=\"(\\d+)");
    /** The first JDK whose AOT cache creates in one step and keeps method profiles (JEP 514, JEP 515). */
    static final int AOT_CACHE_FROM = 25;

    private final String extension;
    private final String noun;
    private final List<String> train;
    private final List<String> use;
    private final List<String> probe;
    private final List<String> quietTraining;
    private final List<String> leftoverSuffixes;

    ArchiveFormat(String extension, String noun, List<String> train, List<String> use, List<String> probe,
            List<String> quietTraining, List<String> leftoverSuffixes) {
        this.extension = extension;
        this.noun = noun;
        this.train = train;
        this.use = use;
        this.probe = probe;
        this.quietTraining = quietTraining;
        this.leftoverSuffixes = leftoverSuffixes;
    }

    /**
     * The format of {@code java}, by the release file of the JDK it is part of (the JDK the archive's
     * key names by its modules file). A java whose version cannot be read gets the class-data archive,
     * which every JDK since 13 makes and maps.
     */
    static ArchiveFormat of(String java) {
        try {
            Path release = Path.of(java).toRealPath().getParent().resolveSibling("release");
            Matcher m = VERSION.matcher(Files.readString(release, StandardCharsets.UTF_8));
            return m.find() && Integer.parseInt(m.group(1)) >= AOT_CACHE_FROM ? AOT_CACHE : CLASS_DATA;
        } catch (IOException | RuntimeException e) {
            return CLASS_DATA;
        }
    }

    /** The file's name ending: the two kinds never take each other's name. */
    String extension() {
        return extension;
    }

    /** What notices call it. */
    String noun() {
        return noun;
    }

    /** The options of a JVM that starts from {@code file}, if it can. */
    List<String> use(Path file) {
        return filled(use, file);
    }

    /** The options of a JVM that must start from {@code file}, or fail and say why. */
    List<String> probe(Path file) {
        return filled(probe, file);
    }

    /**
     * The master's options that write the archive to {@code file} when its JVM exits, with the
     * process's warnings to stderr and the JVM's own talk about the archive kept out of the run's output.
     */
    List<String> training(Path file, List<String> warningsToStderr) {
        List<String> o = new ArrayList<>(filled(train, file));
        o.addAll(warningsToStderr);
        o.addAll(quietTraining);
        return o;
    }

    /** Files a training run writes beside {@code file}, left behind if it ends before the JVM removes them. */
    List<Path> leftovers(Path file) {
        return leftoverSuffixes.stream().map(suffix -> file.resolveSibling(file.getFileName() + suffix)).toList();
    }

    private static List<String> filled(List<String> options, Path file) {
        return options.stream().map(o -> o.replace(Template.FILE, file.toString())).toList();
    }
}
