import Foundation

/// The generated reference tables' text (`Resources/reference/countries.txt`, `subdivisions.txt`, `currencies.txt`,
/// written by `bin/generate-reference-tables`), compiled into the target by the EmbedResources plugin as every
/// bundled data file is. Lines starting with `#` (where the table comes from, its layout) are left out.
enum ReferenceTableFile {
    /// The text of `reference/<name>.txt` without its comment lines.
    /// - Precondition: the build carries the file (a source tree without it does not build a working binary, so
    ///   this is no input a user gives).
    static func text(_ name: String) -> String {
        guard let entry = embeddedResources.first(where: { $0.path == "reference/\(name).txt" }),
            let data = Data(base64Encoded: entry.base64), let text = String(data: data, encoding: .utf8)
        else {
            preconditionFailure("the build carries no readable reference/\(name).txt (a broken source tree)")
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).filter { $0.first != "#" }.joined(separator: "\n")
    }
}
