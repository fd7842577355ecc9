package satin.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The documentation points only at what the repository has: every relative Markdown link of
 * README.md and of the Markdown files under docs/, apps/ and deploy/ names a file or directory of
 * the repository (and a heading of it, when the link names one), and so does every backquoted path
 * that starts with one of the repository's top-level directories, such as
 * {@code docs/decisions/0013-last-spawn-in-place.md}. Build output ({@code target/}) and what runs
 * leave behind (the directories .gitignore names) are not the repository's, and are not checked.
 * The README, the front door, stays short.
 */
class DocLinksTest {

    static final int README_MAX_LINES = 200;

    /** Files linked before they are written: none; a link to a missing file is a broken link. */
    private static final Set<String> PENDING = Set.of();

    private static final Pattern LINK = Pattern.compile("(?<!!)\\[[^\\]]*\\]\\(([^)\\s]+)\\)");
    private static final Pattern IMAGE = Pattern.compile("!\\[[^\\]]*\\]\\(([^)\\s]+)\\)");
    private static final Pattern CODE = Pattern.compile("`([^`]+)`");
    private static final Pattern HEADING = Pattern.compile("^#{1,6} +(.+?) *#*$");

    @Test
    void theReadmeIsAtMost200Lines() throws IOException {
        int lines = Files.readAllLines(Project.root().resolve("README.md")).size();
        assertTrue(lines <= README_MAX_LINES, "README.md has " + lines + " lines; the depth belongs in docs/");
    }

    @Test
    void everyLinkAndRepositoryPathOfTheDocumentationResolves() throws IOException {
        Path root = Project.root();
        List<Path> docs = documentation(root);
        assertTrue(docs.contains(root.resolve("README.md")) && docs.contains(root.resolve("docs/README.md")), docs.toString());
        List<String> problems = new Checker(root, PENDING).check(docs);
        assertEquals(List.of(), problems, "links and paths that name nothing in the repository");
    }

    /** The checker finds what it should: without this, an empty list of problems would prove nothing. */
    @Test
    void theCheckerFindsBrokenLinksPathsAndAnchors(@TempDir Path repo) throws IOException {
        Files.createDirectories(repo.resolve("docs/decisions"));
        Files.writeString(repo.resolve("docs/decisions/0001-there.md"), "# 0001: There\n\n## A heading, with `code`\n");
        Files.writeString(repo.resolve(".gitignore"), "target/\nsatin-results/\n");
        Files.writeString(repo.resolve("README.md"), String.join("\n",
                "[fine](docs/decisions/0001-there.md) and [anchored](docs/decisions/0001-there.md#a-heading-with-code)",
                "[gone](docs/decisions/0002-not-there.md) and [bad anchor](docs/decisions/0001-there.md#nowhere)",
                "[outside](../elsewhere/README.md) and [web](https://example.org/x.md) and [here](#top)",
                "`docs/decisions/0001-there.md` is fine, `docs/decisions/0003-missing.md` is not",
                "`docs/target/x.md` and `satin-results/latest` and `docs/*.md` are not checked",
                "```sh", "cat docs/decisions/0004-in-a-block.md [x](nowhere.md)", "```",
                "# Top", ""));
        List<String> problems = new Checker(repo, Set.of()).check(List.of(repo.resolve("README.md")));
        assertEquals(4, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("0002-not-there.md"), problems.toString());
        assertTrue(problems.get(1).contains("#nowhere"), problems.toString());
        assertTrue(problems.get(2).contains("../elsewhere/README.md"), problems.toString());
        assertTrue(problems.get(3).contains("0003-missing.md"), problems.toString());
    }

    /** README.md, and the Markdown files under docs/, apps/ and deploy/ (build output left out). */
    private static List<Path> documentation(Path root) throws IOException {
        List<Path> files = new ArrayList<>(List.of(root.resolve("README.md")));
        for (String dir : List.of("docs", "apps", "deploy")) {
            try (Stream<Path> walk = Files.walk(root.resolve(dir))) {
                walk.filter(p -> p.toString().endsWith(".md"))
                        .filter(p -> !root.relativize(p).toString().contains("target/"))
                        .sorted().forEach(files::add);
            }
        }
        return files;
    }

    /** Checks the links and repository paths of Markdown files of the repository at {@code root}. */
    static final class Checker {

        private final Path root;
        private final Set<String> pending;
        /** Top-level directories of the repository, less those .gitignore names (build output, results). */
        private final Set<String> topLevel = new HashSet<>();
        private final Map<Path, Set<String>> anchors = new HashMap<>();

        Checker(Path root, Set<String> pending) throws IOException {
            this.root = root.toAbsolutePath().normalize();
            this.pending = pending;
            Set<String> ignored = new HashSet<>();
            Path gitignore = this.root.resolve(".gitignore");
            if (Files.isRegularFile(gitignore)) {
                for (String line : Files.readAllLines(gitignore)) {
                    ignored.add(line.trim().replaceAll("^/|/$", ""));
                }
            }
            try (Stream<Path> top = Files.list(this.root)) {
                top.filter(Files::isDirectory).map(p -> p.getFileName().toString())
                        .filter(n -> !n.startsWith(".") && !ignored.contains(n)).forEach(topLevel::add);
            }
        }

        /** One line per problem, naming file and line, in the order found. */
        List<String> check(List<Path> files) throws IOException {
            List<String> problems = new ArrayList<>();
            for (Path file : files) {
                List<String> lines = Files.readAllLines(file);
                boolean fenced = false;
                for (int i = 0; i < lines.size(); i++) {
                    String line = lines.get(i);
                    if (line.trim().startsWith("```")) {
                        fenced = !fenced;
                        continue;
                    }
                    if (fenced) {
                        continue;
                    }
                    String where = root.relativize(file.toAbsolutePath().normalize()) + ":" + (i + 1) + ": ";
                    String prose = CODE.matcher(line).replaceAll("``");
                    for (Pattern p : List.of(LINK, IMAGE)) {
                        Matcher m = p.matcher(prose);
                        while (m.find()) {
                            String problem = link(file, m.group(1));
                            if (problem != null) {
                                problems.add(where + problem);
                            }
                        }
                    }
                    Matcher code = CODE.matcher(line);
                    while (code.find()) {
                        String problem = repositoryPath(file, code.group(1));
                        if (problem != null) {
                            problems.add(where + problem);
                        }
                    }
                }
            }
            return problems;
        }

        private String link(Path file, String target) throws IOException {
            if (target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
                return null; // a web address or mailto:, not the repository's
            }
            int hash = target.indexOf('#');
            String path = hash < 0 ? target : target.substring(0, hash);
            String anchor = hash < 0 ? null : target.substring(hash + 1);
            Path resolved = path.isEmpty() ? file.toAbsolutePath().normalize()
                    : file.toAbsolutePath().getParent().resolve(path).normalize();
            if (!resolved.startsWith(root)) {
                return "link (" + target + ") points outside the repository";
            }
            if (!Files.exists(resolved)) {
                return pending.contains(root.relativize(resolved).toString()) ? null
                        : "link (" + target + ") names no file of the repository";
            }
            if (anchor != null && Files.isRegularFile(resolved) && resolved.toString().endsWith(".md")
                    && !anchors(resolved).contains(anchor)) {
                return "link (" + target + ") names no heading of " + root.relativize(resolved);
            }
            return null;
        }

        /** A backquoted path that starts with a top-level directory must name something there. */
        private String repositoryPath(Path file, String code) {
            if (!code.contains("/") || code.matches(".*[\\s*<>{}$:=,;|?\\[\\]].*") || code.startsWith("/")) {
                return null;
            }
            String first = code.substring(0, code.indexOf('/'));
            if (!topLevel.contains(first) || ("/" + code + "/").contains("/target/") || code.contains("..")) {
                return null;
            }
            Path fromRoot = root.resolve(code).normalize();
            Path fromFile = file.toAbsolutePath().getParent().resolve(code).normalize();
            if (Files.exists(fromRoot) || (fromFile.startsWith(root) && Files.exists(fromFile))
                    || pending.contains(root.relativize(fromRoot).toString())) {
                return null;
            }
            return "`" + code + "` names no file of the repository";
        }

        /** The anchors of a Markdown file's headings, as GitHub makes them. */
        private Set<String> anchors(Path markdown) throws IOException {
            Set<String> known = anchors.get(markdown);
            if (known == null) {
                known = new HashSet<>();
                Map<String, Integer> seen = new HashMap<>();
                boolean fenced = false;
                for (String line : Files.readAllLines(markdown)) {
                    if (line.trim().startsWith("```")) {
                        fenced = !fenced;
                    }
                    Matcher m = HEADING.matcher(line);
                    if (fenced || !m.matches()) {
                        continue;
                    }
                    String slug = slug(m.group(1));
                    int n = seen.merge(slug, 1, Integer::sum) - 1;
                    known.add(n == 0 ? slug : slug + "-" + n);
                }
                anchors.put(markdown, known);
            }
            return known;
        }

        static String slug(String heading) {
            String text = heading.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1").toLowerCase(Locale.ROOT);
            return text.replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
        }
    }
}
