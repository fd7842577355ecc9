package satin.deploy.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import satin.launch.PoolMain;

/** {@code satin registry}: a standalone registry for pools whose nodes run on several hosts. */
@Command(name = "registry", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Serves the registry of a pool whose nodes run on several hosts.",
            "Nodes join with satin pool --registry tcp://HOST:PORT (or a descriptor's runs). Stops when the run is over."})
final class RegistryCommand implements Callable<Integer> {

    @Option(names = "--listen", paramLabel = "tcp://HOST:PORT", required = true, description = "where to listen")
    String listen;

    @Option(names = "--pool", paramLabel = "NAME", defaultValue = "satin", description = "the pool (default: ${DEFAULT-VALUE})")
    String pool;

    @Option(names = "--secret-file", paramLabel = "FILE", description = "the pool's secret (default: $SATIN_SECRET)")
    String secretFile;

    @Override
    public Integer call() throws InterruptedException {
        if (!listen.startsWith("tcp://")) { // named as this command names it, not as the pool launcher it runs does
            throw new IllegalArgumentException("--listen needs tcp://HOST:PORT, where the nodes of other hosts reach"
                    + " the registry, not '" + listen + "'");
        }
        try {
            satin.net.Transport.checkAddress(listen);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--listen: " + e.getMessage(), e);
        }
        List<String> args = new ArrayList<>(List.of("--registry-only", "--registry-listen", listen, "--pool", pool));
        if (secretFile != null) {
            args.add("--secret-file");
            args.add(secretFile);
        }
        return PoolMain.run(args.toArray(new String[0]), System.out, System.err);
    }
}
