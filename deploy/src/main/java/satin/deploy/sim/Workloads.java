package satin.deploy.sim;

import java.util.ArrayList;
import java.util.List;
import satin.apps.replay.Replay;
import satin.apps.uts.Uts;
import satin.sim.ReplayWorkload;
import satin.sim.Workload;

/**
 * The workload of an application, as the simulator can model it: the synthetic tree, with the
 * application's arguments; UTS, with its arguments or a preset; and any application through its
 * recorded tree, as the replay takes it (FILE [SCALE]). It binds the applications to the
 * simulator's {@link Workload}s here, where both are known, so that the simulator (satin-sim)
 * depends on no application.
 */
public final class Workloads {

    public static final String SYNTHETIC = "satin.apps.synthetic.SyntheticTree";
    public static final String UTS = "satin.apps.uts.Uts";
    public static final String REPLAY = "satin.apps.replay.Replay";

    private Workloads() {
    }

    /**
     * The workload of {@code mainClass} run with {@code args}.
     *
     * @param nodeCost for UTS, every tree node's cost in nanoseconds; -1 for the model of hashing
     * @throws IllegalArgumentException naming the application or the argument that is wrong
     */
    public static Workload of(String mainClass, List<String> args, long nodeCost) {
        if (mainClass.equals(SYNTHETIC)) {
            return synthetic(args);
        }
        if (mainClass.equals(UTS)) {
            List<String> a = args.size() == 1 && Uts.PRESETS.containsKey(args.get(0)) ? Uts.PRESETS.get(args.get(0))
                    : args.isEmpty() ? Uts.PRESETS.get("small") : args;
            return new UtsWorkload(a, nodeCost);
        }
        if (mainClass.equals(REPLAY)) {
            return replay(args);
        }
        throw new IllegalArgumentException("the simulator has no model of " + mainClass + "; it simulates the synthetic tree ("
                + SYNTHETIC + "), UTS (" + UTS + ") and recorded trees of any application (" + REPLAY + ")");
    }

    /** FILE [SCALE] [--no-wait], as the replay takes them (it checks them, and reads the file once per JVM). */
    private static Workload replay(List<String> args) {
        Replay.checkArguments(args.toArray(new String[0]));
        List<String> a = args.stream().filter(s -> !s.equals("--no-wait")).toList();
        return new ReplayWorkload(Replay.tree(a.get(0)), a.size() > 1 ? Double.parseDouble(a.get(1)) : 1);
    }

    /** FAN-OUT DEPTH LEAF-MICROS [IRREGULARITY [PAYLOAD-BYTES]], the application's defaults for what is left out. */
    private static Workload synthetic(List<String> args) {
        satin.apps.synthetic.SyntheticTree.checkArguments(args.toArray(new String[0])); // the program's own words
        List<String> a = new ArrayList<>(args);
        a.remove("--no-wait");
        try {
            return SyntheticWorkload.of(a.size() > 0 ? Integer.parseInt(a.get(0)) : 4,
                    a.size() > 1 ? Integer.parseInt(a.get(1)) : 6, a.size() > 2 ? Long.parseLong(a.get(2)) : 1_000,
                    a.size() > 3 ? Double.parseDouble(a.get(3)) : 0.5, a.size() > 4 ? Integer.parseInt(a.get(4)) : 100);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("synthetic tree arguments " + args
                    + ": expected FAN-OUT DEPTH LEAF-MICROS [IRREGULARITY [PAYLOAD-BYTES]], numbers", e);
        }
    }
}
