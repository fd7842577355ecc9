package satin.corpus;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** The corpus: every public no-argument method named case* of the corpus classes. */
public final class Cases {

    public static final List<Class<?>> CLASSES = List.of(Locals.class, Arrays.class, Targets.class, Flow.class,
            Shapes.class, Arguments.class);

    private Cases() {
    }

    /** "Class.method" of every case. */
    public static List<String> names() {
        List<String> names = new ArrayList<>();
        for (Class<?> c : CLASSES) {
            List<Method> methods = new ArrayList<>(List.of(c.getDeclaredMethods()));
            methods.sort(Comparator.comparing(Method::getName));
            for (Method m : methods) {
                if (m.getName().startsWith("case") && m.getParameterCount() == 0 && Modifier.isPublic(m.getModifiers())) {
                    names.add(c.getSimpleName() + "." + m.getName());
                }
            }
        }
        return names;
    }

    /** Runs a case from classes loaded by {@code loader}: a new instance per call, or the static method. */
    public static Object run(ClassLoader loader, String name) throws Exception {
        int dot = name.indexOf('.');
        Class<?> c = Class.forName("satin.corpus." + name.substring(0, dot), true, loader);
        Method m = c.getMethod(name.substring(dot + 1));
        Object receiver = Modifier.isStatic(m.getModifiers()) ? null : c.getConstructor().newInstance();
        try {
            return m.invoke(receiver);
        } catch (java.lang.reflect.InvocationTargetException e) {
            if (e.getCause() instanceof Exception ex) {
                throw ex;
            }
            throw e;
        }
    }
}
