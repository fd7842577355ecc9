package satin.deploy.launch;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;

/**
 * The run directory's files of what each member prints, appended line by line as it comes and
 * flushed at once, so that {@code tail -f} follows a run and a member cut off keeps what it printed
 * until then. The master's streams are {@code stdout.txt} and {@code stderr.txt}; another member's
 * are {@code stderr-NAME.txt} and, once it prints any, {@code stdout-NAME.txt}. Once the run ends
 * they are closed, and {@link RunDirectory#record} writes the final ones whole.
 */
final class LiveFiles {

    private final Path dir;
    private final Map<String, Writer> open = new HashMap<>();
    private boolean closed;

    LiveFiles(Path dir) {
        this.dir = dir;
    }

    /** The file a member's stream goes to. */
    static String fileOf(CommandBuilder.Member m, boolean stdout) {
        String stream = stdout ? "stdout" : "stderr";
        return m == null || m.master() ? stream + ".txt" : stream + "-" + m.name() + ".txt";
    }

    synchronized void append(String file, String line) {
        if (closed) {
            return; // the run has ended: its final files are written whole
        }
        try {
            Writer w = open.get(file);
            if (w == null) {
                w = Files.newBufferedWriter(dir.resolve(file), StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND);
                open.put(file, w);
            }
            w.write(line);
            w.write('\n');
            w.flush();
        } catch (IOException e) {
            // only the live copy is lost: the member's text is kept, and the end writes it whole
        }
    }

    /** Closes every file; later lines go to the members' texts only. */
    synchronized void close() {
        closed = true;
        for (Writer w : open.values()) {
            try {
                w.close();
            } catch (IOException e) {
                // written and flushed line by line already
            }
        }
        open.clear();
    }
}
