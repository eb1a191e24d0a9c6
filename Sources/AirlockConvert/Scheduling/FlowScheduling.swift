/// How a conversion runs its flows.
enum FlowScheduling: Sendable {
    /// On several cores, each flow once the flows it reads have finished and seeing only those (`FlowReads`): what
    /// `convert` does.
    case graph
    /// One after the other in run order, each seeing every earlier flow: the reference a graph run must equal
    /// (tests hold the two against each other, so a read `FlowReads` misses shows as a different output).
    case sequential
}
