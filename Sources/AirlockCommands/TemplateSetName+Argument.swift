import AirlockKit
import ArgumentParser

/// `--set dual-write`: a bundled template set by name.
extension TemplateSetName: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument) }

    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
