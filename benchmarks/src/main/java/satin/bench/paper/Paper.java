package satin.bench.paper;

/** The five papers, cited as the repository cites them. */
public enum Paper {
    WIDE_AREA("van Nieuwpoort, Kielmann and Bal, Efficient Load Balancing for Wide-Area Divide-and-Conquer Applications (PPoPP 2001)"),
    EARTH("Kakulavarapu, Maquelin, Amaral and Gao, Dynamic Load Balancers for a Multithreaded Multiprocessor System (Parallel Processing Letters 2001)"),
    SKEWED_VICTIMS("Perarnau and Sato, Victim Selection and Distributed Work Stealing Performance: A Case Study (IPDPS 2014)"),
    UTS("Olivier and Prins, Scalable Dynamic Load Balancing Using UPC (ICPP 2008)"),
    UPC_QUEUES("Jose, Potluri, Luo, Sur and Panda, UPC Queues for Scalable Graph Traversals (PGAS 2011)");

    public final String citation;

    Paper(String citation) {
        this.citation = citation;
    }
}
