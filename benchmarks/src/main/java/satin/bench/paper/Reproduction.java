package satin.bench.paper;

/**
 * One figure or table of a paper that this project can make: its name on the command line, the
 * paper and the figure, what it shows, how it is made here (real runs on emulated nodes in this
 * JVM, or the simulator, and what stands in for what the paper had), and how long it takes at
 * full size on this machine, as measured.
 */
public record Reproduction(String name, Paper paper, String figure, String what, String how, int fullMinutes,
        Maker maker) {

    /** Makes the figure into a {@link Making}'s directory. */
    public interface Maker {
        void make(Making m) throws Exception;
    }
}
