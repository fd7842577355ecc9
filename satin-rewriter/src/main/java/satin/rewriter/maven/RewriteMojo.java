package satin.rewriter.maven;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import satin.rewriter.Batch;
import satin.rewriter.Problem;
import satin.rewriter.RewriteException;

/**
 * Rewrites the project's compiled classes in place after compilation: every spawn becomes a slot
 * or a record, every sync the runtime's sync. Problems fail the build, each with its source file,
 * line, class and method.
 */
@Mojo(name = "rewrite", defaultPhase = LifecyclePhase.PROCESS_CLASSES, threadSafe = true,
        requiresDependencyResolution = ResolutionScope.COMPILE)
public final class RewriteMojo extends AbstractMojo {

    @Parameter(defaultValue = "${project.build.outputDirectory}", required = true)
    private File classesDirectory;

    @Parameter(defaultValue = "${project.compileClasspathElements}", readonly = true, required = true)
    private List<String> classpathElements;

    /** If set, each class is copied here before it is rewritten: the sequential program, for tests. */
    @Parameter(property = "satin.originalsDirectory")
    private File originalsDirectory;

    @Parameter(property = "satin.rewrite.skip", defaultValue = "false")
    private boolean skip;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("satin: rewriting skipped");
            return;
        }
        if (!classesDirectory.isDirectory()) {
            getLog().info("satin: no classes in " + classesDirectory);
            return;
        }
        List<Path> classPath = new ArrayList<>();
        for (String e : classpathElements) {
            classPath.add(Path.of(e));
        }
        Batch.Report report;
        try {
            report = Batch.rewriteDirectory(classesDirectory.toPath(), classPath,
                    originalsDirectory == null ? null : originalsDirectory.toPath());
        } catch (IOException | RewriteException e) {
            throw new MojoExecutionException("satin: cannot rewrite " + classesDirectory + ": " + e.getMessage(), e);
        }
        if (report.failed()) {
            StringBuilder message = new StringBuilder("satin: " + report.problems().size()
                    + " problem(s) stop the rewriting of " + classesDirectory + ":");
            for (Problem p : report.problems()) {
                getLog().error(p.toString());
                message.append(System.lineSeparator()).append("  ").append(p);
            }
            throw new MojoFailureException(message.toString());
        }
        getLog().info("satin: " + report.summary());
    }
}
