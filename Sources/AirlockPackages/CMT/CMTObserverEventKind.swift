/// The kinds of event `CMTObserverRelay` records: one per `CMTDataObserver` call.
enum CMTObserverEventKind: UInt8 {
    case rootStarted = 1
    case sectionStarted
    case recordStarted
    case field
    case partyMemberStarted
    case partyMemberField
    case partyMembersEnded
    case recordEnded
    case manyToManyStarted
    case manyToManyTarget
}
