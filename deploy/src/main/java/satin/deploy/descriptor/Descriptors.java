package satin.deploy.descriptor;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.Node;

/** Reads deployment descriptors (the format is in this package's documentation). */
public final class Descriptors {

    private Descriptors() {
    }

    /**
     * The descriptor in {@code file}; its plan's origin is the file's path, and a {@code secretFile}
     * is found relative to the file's directory.
     *
     * @throws DescriptorException listing every problem, each with file, line, column and key path
     */
    public static Descriptor read(Path file) {
        String yaml;
        try {
            yaml = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new DescriptorException(List.of(new Problem(file.toString(), 1, 1, "", "cannot read the descriptor ("
                    + e.getClass().getSimpleName() + ": " + e.getMessage() + ")")));
        }
        Path dir = file.toAbsolutePath().getParent();
        return parse(yaml, file.toString(), System.getenv(), dir);
    }

    /** A descriptor from text; {@code origin} names it in messages and in the plan. */
    public static Descriptor parse(String yaml, String origin) {
        return parse(yaml, origin, System.getenv(), Path.of("").toAbsolutePath());
    }

    /**
     * A descriptor from text, with the environment that may hold SATIN_SECRET and the directory a
     * relative {@code secretFile} is in.
     */
    public static Descriptor parse(String yaml, String origin, Map<String, String> env, Path baseDir) {
        Problems problems = new Problems(origin);
        Node root = compose(yaml, problems);
        return new DescriptorReader(problems, env, baseDir).read(root);
    }

    private static Node compose(String yaml, Problems problems) {
        LoaderOptions options = new LoaderOptions();
        options.setAllowDuplicateKeys(true); // the reader reports duplicates itself, with both lines
        try {
            return new Yaml(options).compose(new StringReader(yaml));
        } catch (MarkedYAMLException e) {
            String context = e.getContext() == null ? "" : " (" + e.getContext() + ")";
            problems.at(e.getProblemMark(), "", "YAML syntax: " + e.getProblem() + context);
        } catch (YAMLException e) {
            problems.at((org.yaml.snakeyaml.error.Mark) null, "", "YAML: " + e.getMessage());
        }
        problems.throwIfAny();
        throw new AssertionError("unreachable: a YAML failure was reported above");
    }
}
