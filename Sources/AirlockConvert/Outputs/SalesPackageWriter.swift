import AirlockIO
import AirlockModel
import AirlockPackages
import AirlockValidate
import Foundation

/// Writes `to-sales.zip` one entity section at a time and validates it as it is written.
///
/// `data.xml` is neither read back from the finished zip nor parsed again: `airlock validate`'s checks (the same
/// `CMTPackageValidator` and its data pass) follow the writer (`CMTDataObserver`), record by record and field
/// by field, with the lines and values a read of the file would give, on the writer's thread while another
/// deflates. The schema and `[Content_Types].xml` are checked from the bytes the zip gets. Then the finished
/// zip's directory is read again: it must list the three members with the sizes written. Memory holds one table
/// of a section at a time (beside what the flows hold), not a second copy of the output. That the XML is
/// well-formed and its escaping reads back as written is the writer's own contract, held by its tests, not checked
/// again here.
enum SalesPackageWriter {
    /// Writes `plan` as a package at `path` and returns its validation as a package meant for `integration`, and as a
    /// delta against `target` when given (a lookup to a record the target holds is expected); `dataBlocksAhead` as
    /// `CMTPackageWriter`'s.
    /// - Throws: the writer's `AirlockError` (a value its type refuses, an I/O error), the validator's when the
    ///   schema cannot be read back, or `.io` when the written zip does not list what was written.
    static func write(
        _ plan: SalesOutputBuilder.Plan, timestamp: CMTTimestamp?, catalog: SchemaCatalog, integration: SyncIntegration,
        target: (any CMTTargetRecords)? = nil, to path: String, dataBlocksAhead: Int = CMTPackageWriter.dataBlocksAheadDefault
    ) throws -> ValidationReport {
        try write(
            plan, timestamp: timestamp, catalog: catalog, integration: integration, target: target, to: path, form: .zip,
            dataBlocksAhead: dataBlocksAhead
        ).validation
    }

    /// Writes `plan`'s `data_schema.xml` and `data.xml` as plain files into `folder`, validated as `write(_:…to:…)`
    /// validates the package (its findings name `package`, the zip they are to be joined into); returns the validation
    /// and which file `data.xml` is, as written.
    /// - Throws: as `write(_:…to:…)`, or `.io` when the written `data.xml` is not the size written.
    static func writeMembers(
        _ plan: SalesOutputBuilder.Plan, timestamp: CMTTimestamp?, catalog: SchemaCatalog, integration: SyncIntegration,
        target: (any CMTTargetRecords)? = nil, into folder: String, package: String
    ) throws -> (validation: ValidationReport, data: FileIdentity) {
        let written = try write(
            plan, timestamp: timestamp, catalog: catalog, integration: integration, target: target, to: folder, form: .plainMembers,
            named: package)
        let dataPath = folder + "/" + CMTPackage.dataMember
        let identity = try FileIdentity.of(dataPath)
        guard identity.size == written.dataSize else {
            throw AirlockError(
                .io, "holds \(identity.size) bytes where \(written.dataSize) were written", at: SourceLocation(file: dataPath))
        }
        return (written.validation, identity)
    }

    private static func write(
        _ plan: SalesOutputBuilder.Plan, timestamp: CMTTimestamp?, catalog: SchemaCatalog, integration: SyncIntegration,
        target: (any CMTTargetRecords)?, to path: String, form: PackageForm, named name: String? = nil,
        dataBlocksAhead: Int = CMTPackageWriter.dataBlocksAheadDefault
    ) throws -> (validation: ValidationReport, dataSize: Int64) {
        let packagePath = name ?? path
        let schemaBytes = try CMTSchemaWriter.bytes(plan.schema)
        let source = StreamedPackageSource(
            path: packagePath, members: [(CMTPackage.schemaMember, schemaBytes), (CMTPackage.contentTypesMember, CMTContentTypes.bytes)],
            streamed: CMTPackage.dataMember, stream: MemoryByteStream([]), streamedAfter: 1)
        let collector = FindingCollector()
        let dataSize = CountingByteSink()
        try CMTPackageValidator(catalog: catalog, integration: integration, target: target).validateWritten(source, into: collector) {
            observer in
            try CMTPackageWriter.write(
                schema: plan.schema, timestamp: timestamp, to: path, form: form, dataCopy: dataSize, observer: observer,
                dataBlocksAhead: dataBlocksAhead
            ) { emit in
                // Each section straight from the parts' own tables, each table written as it is produced and let go
                // after (a merge holds a chunk of a section at a time, not the whole section).
                for section in plan.sections {
                    try emit.streaming(CMTEntityData(schema: section.entity)) { write in
                        for part in section.parts {
                            try part.forEachRecords { records in
                                for piece in try SalesOutputBuilder.pieces(section.entity, parts: [records]) { try write(piece) }
                            }
                        }
                    }
                }
            }
        }
        if form == .zip {
            try checkDirectory(
                path,
                expected: [
                    (CMTPackage.schemaMember, Int64(schemaBytes.count)), (CMTPackage.dataMember, dataSize.byteCount),
                    (CMTPackage.contentTypesMember, Int64(CMTContentTypes.bytes.count)),
                ])
        }
        return (ValidationReport(kind: PackageKind.cmt.rawValue, path: packagePath, collector: collector), dataSize.byteCount)
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
