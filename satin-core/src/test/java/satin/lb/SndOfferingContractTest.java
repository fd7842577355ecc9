package satin.lb;

/**
 * Snd: it pushes nothing and steals only to take a token that reached it, which this contract never
 * sends (SndOfferingTest does), so nothing of it may be out.
 */
class SndOfferingContractTest extends LoadBalancerContract {

    SndOfferingContractTest() {
        super(() -> new SndOffering(0, 2, 1_000_000), new Limits(0, 0, 0));
    }

    @Override
    boolean keepsToItsCluster() {
        return false;
    }
}
