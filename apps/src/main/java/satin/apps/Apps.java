package satin.apps;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The applications by the short names people type ({@code --app fib}). Every one follows the same
 * shape, so that tools can run any of them without knowing it: a public static
 * {@code Map<String, List<String>> PRESETS} ({@code small}, {@code medium}, {@code large}), a
 * public static {@code String run(String...)} that computes with explicit arguments or a preset's
 * name and returns the deterministic text that {@code main} prints.
 */
public final class Apps {

    private static final Map<String, String> MAIN_CLASSES = new LinkedHashMap<>();

    static {
        add("integrate", "satin.apps.integrate.Integrate");
        add("setcover", "satin.apps.setcover.SetCover");
        add("fib", "satin.apps.fib.Fib");
        add("fib-threshold", "satin.apps.fib.FibThreshold");
        add("ida", "satin.apps.ida.Ida");
        add("ida-first", "satin.apps.ida.IdaFirst");
        add("knapsack", "satin.apps.knapsack.Knapsack");
        add("matmul", "satin.apps.matmul.MatMul");
        add("binomial", "satin.apps.binomial.Binomial");
        add("nqueens", "satin.apps.nqueens.NQueens");
        add("primes", "satin.apps.primes.PrimeFactors");
        add("raytracer", "satin.apps.raytracer.Raytracer");
        add("tsp", "satin.apps.tsp.Tsp");
        add("uts", "satin.apps.uts.Uts");
        add("pagerank", "satin.apps.pagerank.PageRank");
    }

    /**
     * Programs that run like applications but are not: the balancers' benchmark workload, whose
     * leaves wait rather than compute, and the replay of a recorded application tree, which waits
     * its recorded times (no presets, and a sequential run would only wait).
     */
    private static final Map<String, String> WORKLOADS = Map.of("synthetic", "satin.apps.synthetic.SyntheticTree",
            "replay", "satin.apps.replay.Replay");

    private static void add(String name, String mainClass) {
        MAIN_CLASSES.put(name, mainClass);
    }

    private Apps() {
    }

    /**
     * The names, in the order of van Nieuwpoort et al.'s table of applications, with IDA* to its
     * first solution (issue 35) beside IDA*.
     */
    public static List<String> names() {
        return List.copyOf(MAIN_CLASSES.keySet());
    }

    /** The main class of the application (or workload) of that name. */
    public static String mainClass(String name) {
        String c = MAIN_CLASSES.getOrDefault(name, WORKLOADS.get(name));
        if (c == null) {
            throw new IllegalArgumentException("no application called '" + name + "'; there are " + names());
        }
        return c;
    }

    /** Whether that main class is a workload rather than an application: nothing to compare a sequential run with. */
    public static boolean isWorkload(String mainClass) {
        return WORKLOADS.containsValue(mainClass);
    }

    /** The application's {@code run(String...)}, found in the class as the given loader has it. */
    public static Method runMethod(String name, ClassLoader loader) {
        try {
            Method m = Class.forName(mainClass(name), true, loader).getMethod("run", String[].class);
            if (!Modifier.isStatic(m.getModifiers()) || m.getReturnType() != String.class) {
                throw new IllegalStateException(mainClass(name) + ".run(String...) must be static and return String");
            }
            return m;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("application " + name + " has no run(String...): " + e, e);
        }
    }

    /** The application's presets by name. */
    @SuppressWarnings("unchecked")
    public static Map<String, List<String>> presets(String name, ClassLoader loader) {
        try {
            return (Map<String, List<String>>) Class.forName(mainClass(name), true, loader).getField("PRESETS").get(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("application " + name + " has no PRESETS: " + e, e);
        }
    }

    /** Runs the application's {@code run} as that loader has it, unwrapping what it threw. */
    public static String run(Method run, List<String> args) {
        try {
            return (String) run.invoke(null, (Object) args.toArray(new String[0]));
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }
}
