package satin.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code ./bench} given a command line it cannot run: every command says in one line what is wrong,
 * naming the option and the value, and exits with 2; none ends in a stack trace. Before, a value
 * that was not a number ({@code ./bench steal --rounds 3}), an option without its value, or one a
 * command did not know, ended the JVM with a NumberFormatException's or an
 * IllegalArgumentException's trace.
 */
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class BenchCommandLineTest {

    /** A command line, and what its one line must name. */
    private record Case(String command, String... named) {
    }

    private static final List<Case> CASES = List.of(
            new Case("./bench steal --rounds 3", "bench steal ROUNDS", "'--rounds'"),
            new Case("./bench steal 3 many", "STEALS-PER-ROUND", "'many'"),
            new Case("./bench steal 0", "bench steal ROUNDS", "0 is not 1 or more"),
            new Case("./bench serialization x", "ROUNDS", "'x'"),
            new Case("./bench --rounds", "--rounds", "needs a value"),
            new Case("./bench --n thirty", "--n", "'thirty'"),
            new Case("./bench --rounds 0", "--rounds", "0 is not 1 or more"),
            new Case("./bench --deque heap", "heap"),
            new Case("./bench --bogus", "unknown option --bogus"),
            new Case("./bench pool --bogus", "unknown option --bogus"),
            new Case("./bench pool two", "bench pool ROUNDS", "'two'"),
            new Case("./bench pool --java", "--java", "needs a value"),
            new Case("./bench pool --java /nonexistent/bin/java", "--java", "'/nonexistent/bin/java'", "not an executable"),
            new Case("./bench chaos --trials many", "--trials", "'many'"),
            new Case("./bench chaos --seed", "--seed", "needs a value"),
            new Case("./bench balancers --tree 4,x,20000", "--tree DEPTH", "'x'"),
            new Case("./bench balancers --tree 4,5", "--tree", "'4,5'"),
            new Case("./bench balancers --chunk zero", "--chunk", "zero"),
            new Case("./bench uts --rounds", "--rounds", "needs a value"),
            new Case("./bench glb --rounds two", "--rounds", "'two'"),
            new Case("./bench apps --rounds 1.5", "--rounds", "'1.5'"),
            new Case("./bench apps --rounds -2", "--rounds", "-2 is below 0"),
            new Case("./bench replay --warmup -", "--warmup", "'-'"),
            new Case("./bench simulate validate --rounds x", "--rounds", "'x'"),
            new Case("./bench hosts --rounds zero", "--rounds", "'zero'"),
            new Case("./bench hosts --bogus", "unknown option --bogus"),
            new Case("./bench fuzz --seconds x", "--seconds", "'x'"),
            new Case("./bench fuzz --seconds", "--seconds", "needs a value"),
            new Case("./bench fuzz --seconds 1 --target nope", "--target", "'nope'"),
            new Case("./bench fuzz --programs 0", "--programs", "'0'"),
            new Case("./bench fuzz --programs 5 --seed -1", "--seed", "'-1'"),
            new Case("./bench fuzz --target codec-job", "--target", "--seconds"),
            new Case("./bench fuzz", "--seconds", "--programs"),
            new Case("./bench fuzz --bogus", "unknown option --bogus"),
            new Case("./bench paper wide-area-fig4 --apps nope", "--apps", "'nope'", "tsp"),
            new Case("./bench paper wide-area-fig4 --apps fib,fib", "--apps", "'fib,fib'", "twice"),
            new Case("./bench paper earth-table2 --apps fib", "--apps", "earth-table2", "wide-area-fig4"),
            new Case("./bench paper earth-table9", "'earth-table9'", "earth-table2"),
            new Case("./bench paper uts-speedup --rounds x", "--rounds", "'x'"),
            new Case("./bench paper uts-speedup --bogus", "unknown option --bogus"));

    @Test
    void everyCommandNamesWhatIsWrongInOneLineAndExitsWith2() throws Exception {
        try (Processes ps = new Processes()) {
            for (Case k : CASES) {
                Processes.Child c = ps.command(k.command, Project.root(), List.of("bash", "-c", k.command));
                int exit = c.exit(5 * 60L); // the first may build the benchmarks
                String err = c.err();
                String first = err.lines().filter(l -> l.startsWith("bench: ") && !l.startsWith("bench: building"))
                        .findFirst().orElse(""); // the first command may build the benchmarks, and say so
                assertEquals(2, exit, k.command + ": " + c);
                for (String n : k.named) {
                    assertTrue(first.contains(n), k.command + " names " + n + " on its first line: " + c);
                }
                assertFalse(err.contains("Exception") || err.contains("\tat "), k.command + " printed a trace: " + c);
                assertTrue(c.out().isBlank(), k.command + " ran something: " + c);
            }
        }
    }
}
