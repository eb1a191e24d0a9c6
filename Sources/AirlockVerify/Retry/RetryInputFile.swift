import Foundation

/// The `ENTITY=PATH` form of an F&O error file input.
public enum RetryInputFile {
    /// The path of `spec` (`PATH` or `ENTITY=PATH`; a path that exists as given is taken whole).
    public static func path(of spec: String) -> String {
        guard !FileManager.default.fileExists(atPath: spec), let equals = spec.firstIndex(of: "=") else { return spec }
        return String(spec[spec.index(after: equals)...])
    }

    /// The entity `spec` names, if any.
    public static func entity(of spec: String) -> String? {
        guard !FileManager.default.fileExists(atPath: spec), let equals = spec.firstIndex(of: "=") else { return nil }
        return String(spec[..<equals])
    }
}
