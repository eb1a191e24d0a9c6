import AirlockIO
import AirlockModel

/// Tells which kind of package a zip or folder holds, from its member names.
public enum PackageDetector {
    /// The kind of package `source` holds and the source to read it from: `source` itself, or the one folder
    /// all its members lie in when the package files are not at the root (a zipped folder). `warning` says so.
    /// - Throws: `AirlockError(.notAPackage)` naming what was expected and what was found.
    public static func locate(_ source: PackageSource) throws -> (kind: PackageKind, source: PackageSource, warning: String?) {
        do {
            return (try detect(source), source, nil)
        } catch let error as AirlockError where error.code == .notAPackage {
            guard let folder = SubfolderPackageSource.singleTopFolder(of: source) else { throw error }
            let inner = SubfolderPackageSource(base: source, folder: folder)
            guard let kind = try? detect(inner) else { throw error }
            return (kind, inner, "the package files are inside the folder \(folder)/; the importers expect them at the top of the zip")
        }
    }

    /// The kind of package `source` holds.
    /// - Throws: `AirlockError(.notAPackage)` naming what was expected and what was found.
    public static func detect(_ source: PackageSource) throws -> PackageKind {
        let names = Set(source.members.map { $0.name.lowercased() })
        let isFO = names.contains("manifest.xml") || names.contains("packageheader.xml")
        let isCMT = names.contains("data.xml") || names.contains("data_schema.xml")
        switch (isFO, isCMT) {
        case (true, false): return .fo
        case (false, true): return .cmt
        case (true, true):
            throw AirlockError(
                .notAPackage,
                "the package holds both F&O members (Manifest.xml, PackageHeader.xml) and Configuration Migration members (data.xml, data_schema.xml); give one kind at a time",
                at: SourceLocation(file: source.path))
        case (false, false):
            let found = source.members.prefix(8).map(\.name).joined(separator: ", ")
            let more = source.members.count > 8 ? ", …" : ""
            throw AirlockError(
                .notAPackage,
                "not a data package: expected Manifest.xml and PackageHeader.xml (an F&O data package) or data.xml and data_schema.xml (a Configuration Migration package) at the top level; found \(found.isEmpty ? "no files" : found + more)",
                at: SourceLocation(file: source.path))
        }
    }
}
