package satin.deploy.descriptor;

import java.util.List;
import org.yaml.snakeyaml.nodes.Node;
import satin.deploy.plan.SimulationPlan;
import satin.sim.Interconnect;

/**
 * The {@code simulate:} section: how the run is simulated ({@link SimulationPlan}). Every key is
 * optional; the interconnect is checked by the simulator's own parser, so that nothing valid here
 * fails when the simulation starts.
 */
final class SimulationReader {

    static final List<String> KEYS = List.of("lan", "seed", "nodeCost", "offered", "maxTime");

    private SimulationReader() {
    }

    /** The section's plan, or null if anything in it is wrong (every problem reported). */
    static SimulationPlan read(Node node, String path, Problems problems) {
        Section s = Section.of(node, path, problems, KEYS);
        if (s == null) {
            return null;
        }
        SimulationPlan d = SimulationPlan.DEFAULTS;
        String lan = s.has("lan") ? lan(s, problems) : d.lan();
        Long seed = s.has("seed") ? seed(s, problems) : Long.valueOf(d.seed());
        Long nodeCost = s.has("nodeCost") ? duration(s, "nodeCost", problems) : Long.valueOf(d.nodeCostNanos());
        Integer offered = s.positive("offered", "how many jobs a worker offers to thieves", d.offered());
        Long maxTime = s.has("maxTime") ? duration(s, "maxTime", problems) : Long.valueOf(d.maxSimulatedNanos());
        if (lan == null || seed == null || nodeCost == null || offered == null || maxTime == null) {
            return null;
        }
        if (maxTime <= 0) {
            problems.at(s.value("maxTime"), s.child("maxTime"), "found '" + s.text("maxTime", SimulationPlan.DURATION_EXPECTED,
                    true) + "'; expected a duration above 0");
            return null;
        }
        return new SimulationPlan(lan, seed, nodeCost, offered, maxTime);
    }

    private static String lan(Section s, Problems problems) {
        String text = s.text("lan", "myrinet, infiniband, emulated or LATENCY/BANDWIDTH like 20us/50MB/s", true);
        if (text == null) {
            return null;
        }
        try {
            Interconnect.parse(text);
            return text;
        } catch (IllegalArgumentException e) {
            problems.at(s.value("lan"), s.child("lan"), e.getMessage());
            return null;
        }
    }

    private static Long seed(Section s, Problems problems) {
        String text = s.text("seed", "a whole number", true);
        if (text == null) {
            return null;
        }
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            problems.at(s.value("seed"), s.child("seed"), "found '" + text + "'; expected a whole number");
            return null;
        }
    }

    private static Long duration(Section s, String key, Problems problems) {
        String text = s.text(key, SimulationPlan.DURATION_EXPECTED, true);
        if (text == null) {
            return null;
        }
        try {
            return SimulationPlan.nanos(text);
        } catch (IllegalArgumentException e) {
            problems.at(s.value(key), s.child(key), e.getMessage());
            return null;
        }
    }
}
