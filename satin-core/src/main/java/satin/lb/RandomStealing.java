package satin.lb;

/**
 * Random Stealing (RS, van Nieuwpoort, Kielmann and Bal (PPoPP 2001) section 3.1): an idle node sends a steal request to a member chosen
 * at random (uniformly, unless another {@link VictimSelector} is given) and waits for the reply
 * before it asks again: the steal is synchronous. Cluster boundaries play no part.
 */
public final class RandomStealing extends MemberAware {

    private final VictimSelector victims;
    private boolean waiting;

    public RandomStealing() {
        this(VictimSelector.uniform());
    }

    public RandomStealing(VictimSelector victims) {
        this.victims = victims;
    }

    @Override
    public void idle() {
        if (waiting || members.others().isEmpty()) {
            return;
        }
        waiting = true;
        port.requestSteal(victims.pick(members.others(), port));
    }

    @Override
    public void stealReplied(int victim, boolean gotJob) {
        waiting = false;
    }

    @Override
    public String name() {
        return "RS";
    }

    @Override
    public java.util.Map<String, String> settings() {
        return java.util.Map.of("victims", victims.name());
    }
}
