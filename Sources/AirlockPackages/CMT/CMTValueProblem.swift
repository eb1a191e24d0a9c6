/// Why a value could not be decoded or written; callers turn it into an `AirlockError` with the full location.
struct CMTValueProblem: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}
