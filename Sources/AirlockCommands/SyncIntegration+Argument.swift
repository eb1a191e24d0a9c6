import AirlockKit
import ArgumentParser

/// `--for prospect-to-cash|dual-write`.
extension SyncIntegration: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }

    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
