import AirlockKit
import ArgumentParser

/// `sample --unkeyed --fo-contacts cds-contacts|contacts-v2`.
extension SampleUnkeyedContactEntity: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }

    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
