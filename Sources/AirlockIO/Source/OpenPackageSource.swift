import AirlockModel

/// Opens `path` as a package source: a folder, or a file read as a zip archive.
/// - Throws: `AirlockError` when the path does not exist or is not a zip archive.
public func openPackageSource(path: String, limits: ZipLimits = .default) throws -> PackageSource {
    let status = try FileStatus.of(path)
    switch status.kind {
    case .directory: return try DirectoryPackageSource(path: path)
    case .file: return try ZipPackageSource(path: path, limits: limits)
    case .other: throw AirlockError(.io, "the path is neither a file nor a folder", at: SourceLocation(file: path))
    }
}
