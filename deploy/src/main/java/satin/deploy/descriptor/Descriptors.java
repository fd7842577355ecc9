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
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new DescriptorException(List.of(new Problem(file.toString(), 1, 1, "", "cannot read the descriptor: "
                    + (Files.isDirectory(file) ? "it is a directory" : e instanceof java.nio.file.NoSuchFileException
                            ? "there is no such file" : e.getClass().getSimpleName() + ": " + e.getMessage()))));
        }
        Path dir = file.toAbsolutePath().getParent();
        return parse(utf8(bytes, file.toString()), file.toString(), System.getenv(), dir);
    }

    /** The text of a descriptor's bytes, or the line and column of the first byte that is not UTF-8. */
    private static String utf8(byte[] bytes, String origin) {
        java.nio.ByteBuffer in = java.nio.ByteBuffer.wrap(bytes);
        java.nio.CharBuffer out = java.nio.CharBuffer.allocate(bytes.length);
        java.nio.charset.CoderResult r = StandardCharsets.UTF_8.newDecoder().decode(in, out, true);
        if (!r.isError()) {
            return out.flip().toString();
        }
        int at = in.position();
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < at; i++) {
            if (bytes[i] == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        int column = 1 + new String(bytes, lineStart, at - lineStart, StandardCharsets.UTF_8).length();
        throw new DescriptorException(List.of(new Problem(origin, line, column, "", String.format(
                "found the byte 0x%02X, which is not UTF-8; expected a descriptor in UTF-8", bytes[at] & 0xFF))));
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
