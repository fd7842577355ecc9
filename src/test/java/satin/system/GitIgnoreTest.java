package satin.system;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the README's commands leave in a checkout by default never shows up as a change to commit:
 * the results directory ({@code --output}'s default, satin-results), the statistics of
 * {@code satin pool} ({@code --stats}'s default, satin-stats.json) and the secret the README's
 * registry line makes. Asked of git itself, with the project's .gitignore in a repository of its own.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class GitIgnoreTest {

    private static final List<String> LEFT_BY_DEFAULT = List.of("satin-results/20261125-021814-29e2cf/report/results.csv",
            "satin-results/latest", "satin-stats.json", "pool.secret", "apps/satin-stats.json");

    @TempDir
    Path repo;

    @Test
    void gitIgnoresWhatTheCommandsLeaveByDefault() throws Exception {
        Assumptions.assumeTrue(gitRuns(), "no git on this machine: nothing to commit by mistake either");
        Files.copy(Project.root().resolve(".gitignore"), repo.resolve(".gitignore"));
        for (String f : LEFT_BY_DEFAULT) {
            Files.createDirectories(repo.resolve(f).getParent());
            Files.writeString(repo.resolve(f), "x");
        }
        git("init", "-q");
        List<String> check = new ArrayList<>(List.of("check-ignore"));
        check.addAll(LEFT_BY_DEFAULT);
        assertEquals(String.join("\n", LEFT_BY_DEFAULT), git(check.toArray(new String[0])).strip(),
                "git check-ignore names every one of them");
    }

    private static boolean gitRuns() throws InterruptedException {
        try {
            return new ProcessBuilder("git", "--version").redirectErrorStream(true).start().waitFor() == 0;
        } catch (java.io.IOException e) {
            return false;
        }
    }

    private String git(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("git", "-C", repo.toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), String.join(" ", command) + ": " + out);
        return out;
    }
}
