package satin.lb;

/** Snd: it never steals, and has at most its limit of pushed jobs in transit. */
class SndPushingContractTest extends LoadBalancerContract {

    SndPushingContractTest() {
        super(() -> new SndPushing(0, 2, 1_000_000), new Limits(0, 0, 2));
    }

    @Override
    boolean keepsToItsCluster() {
        return false;
    }
}
