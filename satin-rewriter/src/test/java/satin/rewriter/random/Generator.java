package satin.rewriter.random;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import satin.rewriter.random.Code.Block;
import satin.rewriter.random.Code.Line;

/**
 * Writes a random spawning program over the shapes the programming model allows, from a seed:
 * several spawnable methods, static and instance, returning {@code long}, {@code String} or a type
 * variable, that spawn each other one level down, and now and then one that javac bridges; results
 * into locals (boxed too), array elements (in loops too) and fields of a holder object or of
 * {@code this}; branches, loops, switch statements and switch expressions whose
 * arms yield into an expression; handlers around spawns and syncs, finally blocks and
 * try-with-resources, some around only the later spawns; returns inside a try while a spawn is
 * pending; spawns on other objects of the class (a local, array elements); exceptions thrown by
 * spawned calls and by the program itself at depths and arguments chosen by the seed. Every target is read only after
 * its sync, so the program is valid and its rewritten form must compute what it computes. With a
 * small probability a method also gets a shape the rewriter must refuse (a catch around a spawn but
 * not its sync, a spawn in synchronized code, a loop spawn into a local or a field), to check that
 * it says so.
 */
public final class Generator {

    /**
     * A method the program may spawn. A generic one ({@code <T> T m(int n, long x, T seed)}) returns
     * a {@code Long} as its type variable, so that its callers cast and unbox between the call and
     * the store; one with fields of its own stores spawned results into fields of {@code this}, and
     * is called on a new object, since a spawn shares no object with its caller.
     */
    private record Method(String name, boolean isStatic, boolean string, boolean generic, boolean ownFields) {
        String returned() {
            return generic ? "T" : string ? "String" : "long";
        }
    }

    private final SplittableRandom random;
    private final String className;
    private final List<Method> methods = new ArrayList<>();
    private int names;
    /** Whether this program has a shape the rewriter must refuse. */
    private boolean refused;
    /** Whether the class implements a generic interface with a spawnable method, which javac bridges. */
    private boolean bridged;

    private Generator(long seed, String className) {
        this.random = new SplittableRandom(seed);
        this.className = className;
    }

    /** The program of {@code seed}. */
    public static Program generate(long seed) {
        Generator g = new Generator(seed, Program.PLACEHOLDER);
        Block tree = g.program();
        return new Program("seed " + seed, tree, g.refused);
    }

    private boolean chance(int percent) {
        return random.nextInt(100) < percent;
    }

    private String fresh(String prefix) {
        return prefix + names++;
    }

    private Block program() {
        int count = 1 + random.nextInt(3);
        for (int i = 0; i < count; i++) {
            boolean isStatic = chance(40);
            boolean string = chance(30);
            methods.add(new Method("m" + i, isStatic, string, !string && chance(20), !isStatic && chance(25)));
        }
        bridged = chance(25);
        List<Code> members = new ArrayList<>();
        members.add(new Line("public long f0; public long f1; public String f2;"));
        if (bridged) {
            members.add(bridge());
        }
        members.add(new Line("public static final class Box { public long v; public String s; }"));
        members.add(new Block("public static final class Res implements AutoCloseable {", List.of(
                new Line("private final StringBuilder log; private final String name;"),
                new Line("public Res(StringBuilder log, String name) { this.log = log; this.name = name; }"),
                new Line("@Override public void close() { log.append(\"close \").append(name).append(';'); }")), "}"));
        for (Method m : methods) {
            members.add(method(m));
        }
        members.add(entry());
        return new Block("public class " + className + " extends satin.SatinObject"
                + (bridged ? " implements java.util.function.BiFunction<Integer, Long, Long>" : "") + " {", members, "}");
    }

    /**
     * A spawnable method that implements a generic interface's: javac adds a bridge method, which
     * carries the annotation too, and a call through the interface goes through the bridge.
     */
    private Code bridge() {
        String mod = String.valueOf(2 + random.nextInt(5));
        return new Block("@satin.Spawnable @Override public Long apply(Integer n, Long x) {", List.of(
                new Line("if (n <= 0) { if (x % " + mod + " == 1) throw new IllegalStateException(\"apply \" + x); return x % 7; }"),
                new Line("Long a = apply(n - 1, x * 3 + 1);"),
                new Line("Long b = ((java.util.function.BiFunction<Integer, Long, Long>) this).apply(n - 1, x + 5);"),
                new Line("long c = new " + className + "().apply(n - 1, x + 2);"),
                new Line("sync();"),
                new Line("return a * 31 + b * 7 + c;")), "}");
    }

    /** The plain method the test calls: an outcome, the spawned failure a sync wraps unwrapped. */
    private Code entry() {
        Method root = methods.get(0);
        String call = (root.isStatic() ? className : "new " + className + "()") + "." + root.name() + "(n, x"
                + (root.generic() ? ", 0L)" : ")");
        return new Block("public static String run(int n, long x) {", List.of(
                new Block("try {", List.of(new Line("return \"ok \" + " + call
                        + (bridged ? " + \" \" + new " + className + "().apply(n % 4, x)" : "") + ";")), "}"),
                new Block("catch (RuntimeException e) {", List.of(
                        new Line("Throwable t = e instanceof satin.SpawnException && e.getCause() != null ? e.getCause() : e;"),
                        new Line("return t.getClass().getName() + \": \" + t.getMessage();")), "}")), "}");
    }

    private Code method(Method m) {
        List<Code> body = new ArrayList<>();
        body.add(new Block(Code.BASE_CASE, List.of(throwSometimes(m, "n <= 0"),
                new Line("return " + returned(m, m.string() ? "\"leaf\" + (x % 13)" : "x % 1000 + 1") + ";")), "}"));
        if (chance(40)) {
            body.add(throwSometimes(m, "n == " + (1 + random.nextInt(3))));
        }
        body.add(new Line("StringBuilder log = new StringBuilder();"));
        body.add(new Line("long acc = x;"));
        int groups = 1 + random.nextInt(3);
        for (int g = 0; g < groups; g++) {
            body.add(group(m, 0));
        }
        body.add(new Line(m.string() ? "return \"s\" + (acc * 31 + log.toString().hashCode()) % 100003;"
                : "return " + returned(m, "acc * 31 + log.toString().hashCode()") + ";"));
        String generic = m.generic() ? "@SuppressWarnings(\"unchecked\") " : "";
        return new Block("@satin.Spawnable " + generic + "public " + (m.isStatic() ? "static " : "")
                + (m.generic() ? "<T> " : "") + m.returned() + " " + m.name() + "(int n, long x"
                + (m.generic() ? ", T seed" : "") + ") {", body, "}");
    }

    /** What {@code m} returns for the long or String {@code value}: as its type variable, if generic. */
    private static String returned(Method m, String value) {
        return m.generic() ? "(T) (Object) Long.valueOf(" + value + ")" : value;
    }

    /** A throw of the method itself, on some arguments: the failure of a spawn at that depth. */
    private Code throwSometimes(Method m, String when) {
        int mod = 2 + random.nextInt(5);
        String exception = switch (random.nextInt(3)) {
            case 0 -> "IllegalArgumentException";
            case 1 -> "IllegalStateException";
            default -> "ArithmeticException";
        };
        return new Line("if (" + when + " && x % " + mod + " == " + random.nextInt(mod) + ") throw new " + exception
                + "(\"" + m.name() + " n=\" + n + \" x=\" + x);");
    }

    /** A spawn of a random method, one level down, its result into {@code target} (or dropped when null). */
    private String spawn(Method caller, String target, boolean string) {
        List<Method> candidates = methods.stream().filter(m -> m.string() == string).toList();
        Method callee = candidates.isEmpty() ? null : candidates.get(random.nextInt(candidates.size()));
        if (callee == null) {
            return null;
        }
        String receiver = callee.isStatic() ? className + "."
                : caller.isStatic() || callee.ownFields() ? "new " + className + "()." : "";
        String call = receiver + callee.name() + "(n - 1, x * " + (3 + random.nextInt(7)) + " + " + random.nextInt(50)
                + (callee.generic() ? ", " + (chance(50) ? "0L" : "Long.valueOf(x)") + ")" : ")");
        if (callee.generic() && target != null && !target.startsWith("Long ")) {
            call = "(long) " + call; // a Long, cast and unboxed between the call and the store
        }
        return target == null ? call + ";" : target + " = " + call + ";";
    }

    private String sync(Method m) {
        return m.isStatic() ? "satin.Satin.sync();" : "sync();";
    }

    /** A use of a result after its sync. */
    private static Line use(String value) {
        return new Line("acc = acc * 31 + " + value + ";");
    }

    private Code boomSometimes() {
        if (!chance(20)) {
            return new Line(";");
        }
        return new Line("if (x % " + (3 + random.nextInt(4)) + " == 1) throw new IllegalStateException(\"boom \" + n);");
    }

    /** Spawns into fresh locals, a sync and the uses: the unit every other shape is made of. */
    private List<Code> plain(Method m, int count, List<String> uses) {
        List<Code> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            boolean string = methods.stream().anyMatch(Method::string) && chance(30);
            if (chance(8)) { // a result dropped: the call still runs, and may fail
                String dropped = spawn(m, null, string);
                if (dropped != null) {
                    out.add(new Line(dropped));
                }
                continue;
            }
            String name = fresh(string ? "s" : "a");
            int kind = random.nextInt(10);
            String type = string ? "String" : kind < 2 ? "Long" : kind < 3 ? "int" : "long";
            String line = spawn(m, type + " " + name, string);
            if (line == null) {
                continue;
            }
            if (type.equals("int")) { // a narrowing conversion between the call and its store
                line = line.replace(" = ", " = (int) ");
            }
            out.add(new Line(line));
            uses.add(string ? name + ".hashCode()" : name);
        }
        return out;
    }

    private Code group(Method m, int depth) {
        int shape = random.nextInt(depth >= 2 ? 5 : 15); // no deeper nesting past two levels
        List<Code> out = new ArrayList<>();
        List<String> uses = new ArrayList<>();
        switch (shape) {
            case 0, 1 -> { // spawns, a throw of the program's own perhaps, the sync, the uses
                out.addAll(plain(m, 1 + random.nextInt(3), uses));
                out.add(boomSometimes());
                out.add(new Line(sync(m)));
                uses.forEach(u -> out.add(use(u)));
            }
            case 2 -> { // array elements in a loop, or a sync in each turn
                String r = fresh("r");
                int k = 1 + random.nextInt(3);
                out.add(new Line("long[] " + r + " = new long[" + k + "];"));
                String i = fresh("i");
                if (chance(50)) {
                    String s = spawn(m, r + "[" + i + "]", false);
                    if (s != null) {
                        out.add(new Block("for (int " + i + " = 0; " + i + " < " + k + "; " + i + "++) {",
                                List.of(new Line(s.replace("x * ", "(x + " + i + ") * "))), "}"));
                    }
                    out.add(new Line(sync(m)));
                } else {
                    String s = spawn(m, r + "[" + i + "]", false);
                    if (s != null) {
                        out.add(new Block("for (int " + i + " = 0; " + i + " < " + k + "; " + i + "++) {",
                                List.of(new Line(s.replace("x * ", "(x + " + i + ") * ")), new Line(sync(m)),
                                        use(r + "[" + i + "]")), "}"));
                    }
                }
                out.add(use("java.util.Arrays.hashCode(" + r + ")"));
            }
            case 3 -> { // fields of a holder, or of this object when the method has fields of its own
                String b = m.ownFields() ? "this" : fresh("b");
                if (!m.ownFields()) {
                    out.add(new Line("Box " + b + " = new Box();"));
                }
                String v = spawn(m, b + (m.ownFields() ? ".f0" : ".v"), false);
                if (v != null) {
                    out.add(new Line(v));
                }
                String s = spawn(m, b + (m.ownFields() ? ".f2" : ".s"), true);
                if (s != null && chance(60)) {
                    out.add(new Line(s));
                }
                out.add(new Line(sync(m)));
                out.add(use(b + (m.ownFields() ? ".f0" : ".v") + " + (" + b + (m.ownFields() ? ".f2 == null ? 0 : " : ".s == null ? 0 : ")
                        + b + (m.ownFields() ? ".f2" : ".s") + ".hashCode())"));
            }
            case 4 -> { // different spawns on the two branches, one sync after
                String a = fresh("a");
                String c = fresh("a");
                out.add(new Line("long " + a + " = 0;"));
                out.add(new Line("long " + c + " = 0;"));
                String s1 = spawn(m, a, false);
                String s2 = spawn(m, c, false);
                String s3 = spawn(m, a, false);
                if (s1 != null) {
                    out.add(new Block("if (x % 2 == 0) {", List.of(new Line(s1)), "}"));
                    out.add(new Block("else {", List.of(new Line(s2), new Line(s3)), "}"));
                }
                out.add(new Line(sync(m)));
                out.add(use(a + " + " + c));
            }
            case 5 -> { // a switch statement whose arms are groups
                List<Code> arms = new ArrayList<>();
                arms.add(new Block("case 0 -> {", List.of(group(m, depth + 1)), "}"));
                arms.add(new Block("case 1 -> {", List.of(group(m, depth + 1)), "}"));
                arms.add(new Line("default -> acc += 5;"));
                out.add(new Block("switch ((int) (x % 3)) {", arms, "}"));
            }
            case 6 -> { // a switch expression whose arm spawns and syncs, yielding into an expression
                List<String> armUses = new ArrayList<>();
                List<Code> arm = new ArrayList<>(plain(m, 1 + random.nextInt(2), armUses));
                arm.add(new Line(sync(m)));
                arm.add(new Line("yield " + (armUses.isEmpty() ? "1L" : "(long) (" + String.join(" + ", armUses) + ")") + ";"));
                String context = switch (random.nextInt(3)) {
                    case 0 -> "acc = acc * 31 + switch ((int) (x % 2)) {";
                    case 1 -> "acc = 7 * switch ((int) (x % 2)) {";
                    default -> "acc = java.util.Objects.hash(acc, switch ((int) (x % 2)) {";
                };
                String end = context.contains("hash(") ? "});" : "};";
                out.add(new Block(context, List.of(new Block("case 0 -> {", arm, "}"), new Line("default -> 3L;")), end));
            }
            case 7, 8 -> out.add(handled(m, depth));
            case 9 -> { // a spawn before a try whose later spawn and sync are inside it
                out.addAll(plain(m, 1, uses));
                String earlier = uses.isEmpty() ? null : uses.get(0);
                List<Code> inner = new ArrayList<>(plain(m, 1 + random.nextInt(2), uses));
                inner.add(boomSometimes());
                inner.add(new Line(sync(m)));
                uses.forEach(u -> inner.add(use(u)));
                out.addAll(tryAround(inner, earlier));
            }
            case 10 -> { // the sync in a finally, the results used after the try
                List<Code> body = new ArrayList<>();
                for (String line : List.of("a", "a")) {
                    String a = fresh(line);
                    String s = spawn(m, a, false);
                    if (s != null) {
                        out.add(new Line("long " + a + " = 0;"));
                        body.add(new Line(s));
                        uses.add(a);
                    }
                }
                body.add(boomSometimes());
                out.add(new Block("try {", body, "}"));
                // statements after the sync in the finally would not run when a spawn failed: a
                // known difference (docs/semantics.md), so they go before it
                out.add(new Block("finally {", List.of(new Line("log.append(\"finally;\");"), new Line(sync(m))), "}"));
                uses.forEach(u -> out.add(use(u)));
            }
            case 11 -> { // an early return inside a try, after its sync
                List<Code> body = new ArrayList<>(plain(m, 1 + random.nextInt(2), uses));
                body.add(new Line(sync(m)));
                String value = uses.isEmpty() ? "acc" : "acc + " + String.join(" + ", uses);
                body.add(new Line("if (x % 5 == 2) return " + (m.string() ? "\"early\" + (" + value + ");" : returned(m, value) + ";")));
                uses.forEach(u -> body.add(use(u)));
                out.addAll(tryAround(body, null));
            }
            case 12 -> { // a return inside a try while a spawn of it is pending: the same as written
                // where only a finally is around it, refused with file and line where a catch is
                String a = fresh("a");
                String s = spawn(m, a, false);
                if (s != null) {
                    out.add(new Line("long " + a + " = 0;"));
                    List<Code> body = new ArrayList<>(List.of(new Line(s)));
                    body.add(new Line("if (x % 5 == 2) return " + (m.string() ? "\"pending\" + acc;" : returned(m, "acc + 3") + ";")));
                    body.add(new Line(sync(m)));
                    body.add(use(a));
                    if (chance(70)) { // mostly the accepted form, so that most programs still run
                        out.add(new Block("try {", body, "}"));
                        out.add(new Block("finally {", List.of(new Line("log.append(\"finally " + names++ + ";\");")), "}"));
                    } else {
                        out.addAll(tryAround(body, null));
                    }
                }
            }
            case 13 -> out.addAll(onOtherReceivers(m, uses));
            default -> out.addAll(refusedNowAndThen(m, depth));
        }
        return Block.sequence(out);
    }

    /**
     * Spawns on an object other than {@code this} or a new one: a local and an array element that
     * hold objects of the class, whose methods keep no fields of their own.
     */
    private List<Code> onOtherReceivers(Method m, List<String> uses) {
        List<Method> callees = methods.stream().filter(c -> !c.isStatic() && !c.ownFields()).toList();
        List<Code> out = new ArrayList<>();
        if (callees.isEmpty()) {
            return out;
        }
        String p = fresh("p");
        String ps = fresh("ps");
        out.add(new Line(className + " " + p + " = new " + className + "();"));
        out.add(new Line(className + "[] " + ps + " = { " + p + ", new " + className + "() };"));
        for (String receiver : List.of(p + ".", ps + "[1].", ps + "[" + random.nextInt(2) + "].")) {
            Method callee = callees.get(random.nextInt(callees.size()));
            String name = fresh(callee.string() ? "s" : "a");
            String call = receiver + callee.name() + "(n - 1, x * " + (3 + random.nextInt(7)) + " + " + random.nextInt(50)
                    + (callee.generic() ? ", 0L)" : ")");
            out.add(new Line((callee.string() ? "String " : "long ") + name + " = " + (callee.generic() ? "(long) " : "")
                    + call + ";"));
            uses.add(callee.string() ? name + ".hashCode()" : name);
        }
        out.add(new Line(sync(m)));
        uses.forEach(u -> out.add(use(u)));
        return out;
    }

    /**
     * Now and then a shape the rewriter must refuse, with file and line: a catch around a spawn but
     * not its sync, a spawn in synchronized code, a loop spawn into a local or a field. Otherwise a
     * group one level down.
     */
    private List<Code> refusedNowAndThen(Method m, int depth) {
        String a = fresh("a");
        String s = spawn(m, a, false);
        List<Code> out = new ArrayList<>();
        if (!chance(15) || s == null) {
            out.add(group(m, depth + 1));
            return out;
        }
        refused = true;
        out.add(new Line("long " + a + " = 0;"));
        switch (random.nextInt(4)) {
            case 0 -> {
                out.add(new Block("try {", List.of(new Line(s)), "}"));
                out.add(new Block("catch (IllegalStateException e) {", List.of(new Line(a + " = -1;")), "}"));
            }
            case 1 -> out.add(new Block("synchronized (log) {", List.of(new Line(s)), "}"));
            case 2 -> {
                String i = fresh("i");
                out.add(new Block("for (int " + i + " = 0; " + i + " < 2; " + i + "++) {", List.of(new Line(s)), "}"));
            }
            default -> {
                String b = fresh("b");
                String i = fresh("i");
                String f = spawn(m, b + ".v", false);
                out.add(new Line("Box " + b + " = new Box();"));
                out.add(new Block("for (int " + i + " = 0; " + i + " < 2; " + i + "++) {", List.of(new Line(f)), "}"));
                out.add(new Line(sync(m)));
                out.add(use(b + ".v"));
            }
        }
        out.add(new Line(sync(m)));
        out.add(use(a));
        return out;
    }

    /** A group inside a try: catches, a finally, a resource, in some mix. */
    private Code handled(Method m, int depth) {
        List<Code> body = new ArrayList<>();
        body.add(group(m, depth + 1));
        if (chance(30)) {
            body.add(group(m, depth + 1));
        }
        return Block.sequence(tryAround(body, null));
    }

    /**
     * {@code body} in a try with handlers that log what they catch; {@code earlier}, a result
     * of a spawn made before the try, may be read in a handler: it was delivered before the
     * failure of a later spawn that the handler catches.
     */
    private List<Code> tryAround(List<Code> body, String earlier) {
        List<Code> out = new ArrayList<>();
        boolean resource = chance(35);
        String header = resource ? "try (Res " + fresh("res") + " = new Res(log, \"" + names + "\")) {" : "try {";
        out.add(new Block(header, body, "}"));
        List<String> types = new ArrayList<>(List.of("IllegalArgumentException", "IllegalStateException",
                "ArithmeticException", "RuntimeException"));
        int catches = random.nextInt(3);
        boolean finallyToo = chance(40) || (catches == 0 && !resource);
        for (int c = 0; c < catches && !types.isEmpty(); c++) {
            String type = types.remove(random.nextInt(types.size()));
            if (type.equals("RuntimeException")) {
                types.clear(); // nothing after it could be reached
            }
            String e = fresh("e");
            List<Code> handler = new ArrayList<>();
            handler.add(new Line("log.append(\"" + type + " \").append(" + e + ".getMessage()).append(';');"));
            if (earlier != null && chance(50)) {
                handler.add(use(earlier));
            }
            out.add(new Block("catch (" + type + " " + e + ") {", handler, "}"));
        }
        if (finallyToo) {
            out.add(new Block("finally {", List.of(new Line("log.append(\"finally " + names++ + ";\");")), "}"));
        }
        return out;
    }
}
