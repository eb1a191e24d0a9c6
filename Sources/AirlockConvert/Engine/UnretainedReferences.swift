/// Objects a hot loop reaches without a retain and release per access: the array keeps them alive, and
/// `withEach` hands each one to its body through an unmanaged reference (for a flow's field plans, a retain and
/// release per field and row was 1 % of a conversion's time).
struct UnretainedReferences<Object: AnyObject> {
    private let objects: [Object]
    private let references: [Unmanaged<Object>]

    init(_ objects: [Object]) {
        self.objects = objects
        references = objects.map { Unmanaged.passUnretained($0) }
    }

    /// Calls `body` with each object in order.
    @inline(__always)
    func withEach(_ body: (Object) throws -> Void) rethrows {
        // `objects` holds every object for as long as `self` lives, which spans this call.
        try withExtendedLifetime(objects) {
            for reference in references {
                try reference._withUnsafeGuaranteedRef(body)
            }
        }
    }
}
