import AirlockCatalog
import AirlockIO
import AirlockModel
import AirlockPackages

/// Checks a Configuration Migration package (Sales) offline for what CMT, `pac data import` or Package
/// Deployer would reject hours into an import: members, the schema against the catalog, every record, field
/// and value of `data.xml` against the schema and the catalog, lookups, the import order, and records the
/// importer would match by name.
///
/// `data.xml` is streamed once; memory is bounded by `CMTValidationLimits` whatever the package size.
/// docs/validation.md lists the rules (`cmt.*`), their severities and their limits.
public struct CMTPackageValidator {
    /// The catalog the schema and the values are checked against.
    public let catalog: SchemaCatalog
    /// Entities whose records the user says exist in the target environment: lookups to them from outside
    /// the package are not reported, and lookups to records of them missing from the package are warnings.
    public let expectedInTarget: Set<String>
    /// The package must hold every record its lookups point to among the entities it carries (a full export,
    /// not a delta such as `convert` writes): `cmt.lookup.missing-record` becomes an error.
    public let selfContained: Bool
    /// The integration the package is loaded for (`validate --for`), nil when none is named. For dual-write, every
    /// entity whose table has a dual-write integration key is checked as loaded for dual-write; otherwise only the
    /// entities whose schema declares a key column only dual-write adds (`cmt.record.dual-write-key`). A column
    /// the integration matches on is required (`cmt.value.required`, docs/validation.md).
    public let integration: SyncIntegration?
    /// The records the target holds, when the package is a delta against it (`convert`'s `to-sales.zip`, `validate
    /// --against`): a lookup to one of them is expected, not a finding.
    public let target: (any CMTTargetRecords)?
    /// Memory bounds.
    public let limits: CMTValidationLimits

    /// A validator that checks against `catalog`.
    /// - Parameters:
    ///   - catalog: the schema catalog (`SchemaCatalogLoader.bundled()`, possibly extended).
    ///   - expectedInTarget: logical names of entities whose records exist in the target environment.
    ///   - selfContained: every lookup target among the entities the package carries must be in it.
    ///   - integration: the integration the package is loaded for, if the user names one.
    ///   - target: the records the target holds, when the package is a delta against it.
    ///   - limits: memory bounds.
    /// What the records of a package read from a file count as in the progress lines (`.checked` for an output).
    let countsAs: RecordTally.Kind

    public init(
        catalog: SchemaCatalog, expectedInTarget: Set<String> = [], selfContained: Bool = false, integration: SyncIntegration? = nil,
        target: (any CMTTargetRecords)? = nil, limits: CMTValidationLimits = .default, countsAs: RecordTally.Kind = .read
    ) {
        self.countsAs = countsAs
        self.target = target
        self.selfContained = selfContained
        self.integration = integration
        self.catalog = catalog
        self.expectedInTarget = expectedInTarget
        self.limits = limits
    }

    /// Validates the package in `source`, adding every finding to `collector`.
    /// - Throws: `AirlockError` only when the package cannot be read at all: `data.xml` or `data_schema.xml`
    ///   missing, the schema malformed, or `data.xml` not well-formed XML (findings made before the XML broke
    ///   stay in the collector).
    public func validate(_ source: PackageSource, into collector: FindingCollector) throws {
        try validate(source, into: collector, stringsAreEncoded: true) { pass, reader in
            try pass.run(source.open(reader.dataMember), location: source.location(of: reader.dataMember))
        }
    }

    /// Validates a package while its `data.xml` is written, without reading it back: `write` writes it with
    /// `CMTDataWriter`, telling the observer it is given of every section, record and field. The findings are
    /// those a read of the written file would make, on the same lines, except that the XML's own form
    /// (well-formedness, escaping) is not checked again. The checks run on a thread of their own
    /// (`CMTObserverRelay`) while `write` goes on. `source` holds the schema and `[Content_Types].xml` (a
    /// `StreamedPackageSource` whose `data.xml` is never opened).
    /// - Throws: as `validate(_:into:)`, or what `write` throws.
    public func validateWritten(_ source: PackageSource, into collector: FindingCollector, write: (CMTDataObserver) throws -> Void) throws {
        try validate(source, into: collector, stringsAreEncoded: false) { pass, _ in
            let relay = CMTObserverRelay(replayingInto: pass, lowPriority: true)
            do {
                try write(relay)
            } catch {
                relay.abandon()
                throw error
            }
            try relay.finish()
        }
    }

    private func validate(
        _ source: PackageSource, into collector: FindingCollector, stringsAreEncoded: Bool,
        data: (CMTDataPass, CMTPackageReader) throws -> Void
    ) throws {
        let reader = try CMTPackageReader(source: source)
        if reader.contentTypesMember == nil {
            collector.add(
                ValidationRules.cmtContentTypes, file: CMTPackage.contentTypesMember,
                "the package has no [Content_Types].xml; zips written by CMT carry one, and hand-made zips without it have been reported not to import"
            )
        } else if let member = reader.contentTypesMember, let problem = CMTContentTypes.problem(in: source, member: member) {
            collector.add(ValidationRules.cmtContentTypesInvalid, file: member, problem)
        }
        let lines = try CMTSchemaLines(source.open(reader.schemaMember), location: source.location(of: reader.schemaMember))
        checkSchema(reader.schema, lines: lines, file: reader.schemaMember, into: collector)

        let pass = CMTDataPass(
            schema: reader.schema, catalog: catalog, file: reader.dataMember, collector: collector, expectedInTarget: expectedInTarget,
            selfContained: selfContained, dualWrite: CMTDualWriteScope(isForced: integration == .dualWrite), integration: integration,
            target: target, limits: limits, stringsAreEncoded: stringsAreEncoded, countsAs: countsAs)
        try data(pass, reader)
        pass.finish()
        checkImportOrder(reader.schema, pass: pass, lines: lines, file: reader.schemaMember, into: collector)
    }

    /// Validates the package (zip or folder) at `path`.
    /// - Throws: as `validate(_:into:)`, or when the path is not a readable zip or folder.
    public func validate(path: String, into collector: FindingCollector) throws {
        try validate(openPackageSource(path: path), into: collector)
    }
}
