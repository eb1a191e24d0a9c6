import AirlockIO
import AirlockModel
import AirlockPackages
import AirlockValidate
import Foundation

/// Writes `to-sales.zip` one entity section at a time and validates it from the bytes being written.
///
/// `data.xml` is not read back from the finished zip. Every byte written into its entry also goes through
/// a `ByteChannel` to `airlock validate`'s checks (the same `CMTPackageValidator`), which run on a thread of
/// their own while the entry is deflated. The schema and `[Content_Types].xml` are checked from the bytes the
/// zip gets. Then the finished zip's directory is read again: it must list the three members with the sizes
/// written. Memory holds one section (and the bounded channel) at a time, not a second copy of the output.
enum SalesPackageWriter {
    /// Writes `plan` as a package at `path` and returns its validation.
    /// - Throws: the writer's `AirlockError` (a value its type refuses, an I/O error), the validator's when the
    ///   bytes cannot be read as a package, or `.io` when the written zip does not list what was written.
    static func write(_ plan: SalesOutputBuilder.Plan, timestamp: CMTTimestamp?, catalog: SchemaCatalog, to path: String) throws
        -> ValidationReport
    {
        let schemaBytes = try CMTSchemaWriter.bytes(plan.schema)
        let channel = ByteChannel(depth: 4)
        let source = StreamedPackageSource(
            path: path, members: [(CMTPackage.schemaMember, schemaBytes), (CMTPackage.contentTypesMember, CMTContentTypes.bytes)],
            streamed: CMTPackage.dataMember, stream: channel.stream, streamedAfter: 1)
        let stream = channel.stream
        let validation = BackgroundTask {
            // However the validation ends, the writer must not wait for a reader that is gone.
            defer { stream.close() }
            return try PackageValidator.validate(source: source, kind: .cmt, catalog: catalog)
        }
        do {
            try CMTPackageWriter.write(schema: plan.schema, timestamp: timestamp, to: path, dataCopy: channel.sink) { emit in
                for section in plan.sections {
                    try emit(try SalesOutputBuilder.section(section.entity, parts: section.parts))
                }
            }
            channel.sink.finish()
        } catch {
            channel.sink.fail()
            _ = try? validation.result()
            throw error
        }
        let report = try validation.result()
        try checkDirectory(
            path,
            expected: [
                (CMTPackage.schemaMember, Int64(schemaBytes.count)), (CMTPackage.dataMember, channel.sink.byteCount),
                (CMTPackage.contentTypesMember, Int64(CMTContentTypes.bytes.count)),
            ])
        return report
    }

    /// Reads the written zip's directory: it must list exactly `expected`, in order, with those sizes.
    private static func checkDirectory(_ path: String, expected: [(name: String, size: Int64)]) throws {
        let listed = try ZipArchiveReader(path: path).entries.filter { !$0.isDirectory }
        let found = listed.map { "\($0.name) (\($0.size.map(String.init) ?? "size unknown") bytes)" }
        let wanted = expected.map { "\($0.name) (\($0.size) bytes)" }
        guard found == wanted else {
            throw AirlockError(
                .io, "the written zip lists \(found.joined(separator: ", ")) instead of \(wanted.joined(separator: ", "))",
                at: SourceLocation(file: path))
        }
    }
}
