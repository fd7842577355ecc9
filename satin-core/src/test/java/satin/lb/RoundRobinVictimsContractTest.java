package satin.lb;

/** RS asking the members in the order of their numbers (Perarnau and Sato's reference): one request at a time. */
class RoundRobinVictimsContractTest extends LoadBalancerContract {

    RoundRobinVictimsContractTest() {
        super(Balancers.parse("RS:victims=round-robin"), new Limits(1, 1, 0));
    }
}
