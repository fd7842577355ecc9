package satin.config;

/**
 * Which part of satin reads a setting. It says where a setting matters (a setting of the commands
 * does nothing to a node) and groups the table of {@code docs/configuration.md}.
 */
public enum Scope {
    /** Read by every node as it starts: the embedded node of a plain JVM and a pool's nodes alike. */
    NODE,
    /** Read by a pool's process and its links. */
    POOL,
    /** Read by the rewriter: the agent and the Maven plugin. */
    REWRITING,
    /** Read by the {@code satin} and {@code bench} commands and the tools they start. */
    COMMANDS
}
