package satin.corpus;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** The corpus: every public no-argument method named case* of the corpus classes. */
public final class Cases {

    public static final List<Class<?>> CLASSES = List.of(Locals.class, Arrays.class, Targets.class, Flow.class,
            Shapes.class, Arguments.class, JdkTypes.class);

    private Cases() {
    }

    /** "Class.method" of every case. */
    public static List<String> names() {
        return names(CLASSES);
    }

    /** "package.Class.method" of every case of some classes. */
    public static List<String> names(List<Class<?>> classes) {
        List<String> names = new ArrayList<>();
        for (Class<?> c : classes) {
            List<Method> methods = new ArrayList<>(List.of(c.getDeclaredMethods()));
            methods.sort(Comparator.comparing(Method::getName));
            for (Method m : methods) {
                if (m.getName().startsWith("case") && m.getParameterCount() == 0 && Modifier.isPublic(m.getModifiers())) {
                    names.add((c.getPackageName().equals("satin.corpus") ? "" : c.getPackageName() + ".")
                            + c.getSimpleName() + "." + m.getName());
                }
            }
        }
        return names;
    }

    /** Whether a case's spawns may be copied as a stolen job is: it is not marked {@link ByReference}. */
    public static boolean byValue(String name) throws ReflectiveOperationException {
        Class<?> c = caseClass(Cases.class.getClassLoader(), name);
        return !c.isAnnotationPresent(ByReference.class) && !c.getMethod(caseMethod(name)).isAnnotationPresent(ByReference.class);
    }

    private static Class<?> caseClass(ClassLoader loader, String name) throws ClassNotFoundException {
        String className = name.substring(0, name.lastIndexOf('.'));
        return Class.forName(className.contains(".") ? className : "satin.corpus." + className, true, loader);
    }

    private static String caseMethod(String name) {
        return name.substring(name.lastIndexOf('.') + 1);
    }

    /** Runs a case from classes loaded by {@code loader}: a new instance per call, or the static method. */
    public static Object run(ClassLoader loader, String name) throws Exception {
        Class<?> c = caseClass(loader, name);
        Method m = c.getMethod(caseMethod(name));
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
